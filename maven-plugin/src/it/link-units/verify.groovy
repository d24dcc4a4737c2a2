// Issue 11.3: one <linkUnit> adds its binary; sources in no unit keep their default binaries.
import java.util.zip.ZipFile
def log = new File(basedir, 'build.log').text
def jar = new ZipFile(new File(basedir, 'target/link-units-1.0.jar'))
assert jar.getEntry('sky2.shbin') != null
assert jar.getEntry('skinning.shbin') != null : 'the default unit is still built'
assert jar.getEntry('sky.shbin') == null : 'sky.vsh is in a unit, so it has no default binary'
assert log.contains('[INFO] sky2.shbin <- sky.vsh (link unit)') : log
assert log.contains('[INFO] skinning.shbin <- skinning.vsh + lib.vsh') : log
return true
