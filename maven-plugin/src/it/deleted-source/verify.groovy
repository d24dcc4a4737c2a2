def out = new File(basedir, 'target/generated-resources/shaders')
assert !new File(basedir, 'src/main/shaders/old.vsh').exists()
assert !new File(out, 'old.shbin').exists() : 'stale output removed'
assert new File(out, 'keep.shbin').isFile()
def log = new File(basedir, 'build.log').text
assert log.contains('Removed stale') : log
return true
