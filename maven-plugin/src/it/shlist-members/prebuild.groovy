// The sources and picasso 2.7.2's binaries come from cli's golden corpus (stored once):
// the vertex + geometry pair, and the list's members in a subfolder as devkitPro projects keep them.
def golden = new File(basedir, '../../../../cli/src/test/resources/picasso-golden').canonicalFile
def shaders = new File(basedir, 'src/main/shaders')
new File(shaders, 'shaders').mkdirs()
['a', 'b', 'lib'].each { new File(shaders, "shaders/${it}.v.pica").bytes = new File(golden, "multi/${it}.v.pica").bytes }
new File(shaders, 'scene.v.pica').bytes = new File(golden, 'vs-gs/vs.v.pica').bytes
new File(shaders, 'scene.g.pica').bytes = new File(golden, 'vs-gs/gs.g.pica').bytes
return true
