// Issue 35 item 9: one error is logged once, and the clean partner of the pair is not blamed.
def log = new File(basedir, 'build.log').text
def g = new File(basedir, 'src/main/shaders/final.g.pica').canonicalFile.path
def ours = log.substring(log.indexOf('pica-maven-plugin:'))
def errorLines = ours.readLines().findAll { it.startsWith('[ERROR]') && it.contains('error: ') && !it.contains('Failed to execute goal') }
assert errorLines == ["[ERROR] ${g}:10:2: error: unknown instruction 'emitt'; did you mean 'emit'?".toString()] : ours
assert ours.contains('[INFO] final.shbin not built: final.g.pica has errors') : ours
assert !ours.contains('final.v.pica has') && !ours.contains('final.v.pica, final.g.pica') : ours
assert ours.contains("1 error in shader sources: ${g}:10:2") : ours
assert !new File(basedir, 'target/generated-resources/shaders/final.shbin').exists()
return true
