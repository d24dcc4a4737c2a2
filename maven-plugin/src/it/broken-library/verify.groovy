// Issue 11.1: the library's own error comes first; no link errors that only echo it.
def log = new File(basedir, 'build.log').text
def lib = new File(basedir, 'src/main/shaders/transform_lib.vsh').canonicalFile.path
def first = log.readLines().find { it.startsWith('[ERROR]') }
assert first == "[ERROR] ${lib}:3:5: error: unknown instruction 'rett'; did you mean 'ret'?" : log
assert !log.contains('undefined label') : log
assert log.contains('[INFO] skinning.shbin not linked: transform_lib.vsh has errors') : log
assert log.contains("1 error in shader sources: ${lib}:3:5") : log
return true
