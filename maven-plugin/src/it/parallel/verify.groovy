// threadSafe = true, exercised: two modules' executions at once give each module its binaries.
import java.util.zip.ZipFile
def log = new File(basedir, 'build.log').text
assert log.contains('MultiThreadedBuilder') || log.contains('thread count: 2') || log.contains('with a thread count of 2') : log
for (m in ['a', 'b']) {
    def jar = new ZipFile(new File(basedir, "${m}/target/${m}-1.0.jar"))
    assert jar.getEntry("sky_${m}.shbin") != null : m
    assert jar.getEntry("skin_${m}.shbin") != null : m
}
return true
