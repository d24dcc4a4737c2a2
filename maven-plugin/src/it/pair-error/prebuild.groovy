// A vertex + geometry pair whose geometry shader has one error (a misspelt instruction); the
// vertex shader is picasso's golden vs-gs/vs.v.pica, untouched.
def golden = new File(basedir, '../../../../cli/src/test/resources/picasso-golden').canonicalFile
def shaders = new File(basedir, 'src/main/shaders')
shaders.mkdirs()
new File(shaders, 'final.v.pica').bytes = new File(golden, 'vs-gs/vs.v.pica').bytes
new File(shaders, 'final.g.pica').text = new File(golden, 'vs-gs/gs.g.pica').text.replace('\temit\n', '\temitt\n')
return true
