def out = new File(basedir, 'target/generated-resources/shaders')
['sky.shbin', 'skinning.shbin', 'particles.shbin'].each { n ->
    def f = new File(out, n)
    assert f.isFile() : "missing $f"
    assert new String(f.bytes, 0, 4, 'ISO-8859-1') == 'DVLB'
}
// the SDK-built sky.shbin is 448 bytes (shbin-format.md section 6)
assert new File(out, 'sky.shbin').length() == 448
def jar = new java.util.zip.ZipFile(new File(basedir, 'target/build-success-1.0.jar'))
assert jar.getEntry('sky.shbin') != null : 'binaries land in the jar'
assert jar.getEntry('particles.shbin') != null
def header = new File(basedir, 'target/generated-sources/shader-headers/skinning.h').text
assert header.contains('#define VSH_FVEC_Bones 0x10\n#define VSH_ULEN_Bones 60\n')
assert new File(basedir, 'target/shader-maps/particles.map').text.contains('DVLE 1: geometry shader')
def log = new File(basedir, 'build.log').text
assert log.contains('Built 3 shader binaries')
return true
