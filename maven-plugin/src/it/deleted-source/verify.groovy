def out = new File(basedir, 'target/generated-resources/shaders')
assert !new File(basedir, 'src/main/shaders/old.vsh').exists()
assert !new File(out, 'old.shbin').exists() : 'stale output removed'
assert new File(out, 'keep.shbin').isFile()
def log = new File(basedir, 'build.log').text
assert log.contains('Removed stale') : log
// Issue 11.2: without clean, the stale binary is gone from target/classes and from the jar too
assert !new File(basedir, 'target/classes/old.shbin').exists() : 'stale copy left in target/classes'
def jar = new java.util.zip.ZipFile(new File(basedir, 'target/deleted-source-1.0.jar'))
assert jar.getEntry('old.shbin') == null : 'stale shader in the jar'
assert jar.getEntry('keep.shbin') != null
return true
