def log = new File(basedir, 'build.log').text
def src = new File(basedir, 'src/main/shaders/bad.vsh').canonicalFile.path
assert log.contains("[ERROR] ${src}:3:13: error: 'c96' is not a valid float uniform (c0-c95)") : log
assert log.contains("${src}:5:5: error: unknown instruction 'frob'")
assert log.contains("2 errors in shader sources: ${src}:3:13, ${src}:5:5")
assert !new File(basedir, 'target/generated-resources/shaders/bad.shbin').exists()
return true
