// Issue 35 item 2: devkitPro's layout, a list in the shader folder naming sources in a subfolder.
// The list's members belong to its unit only (none is built alone: lib.v.pica makes no shader, and
// a.v.pica and b.v.pica call a procedure lib.v.pica defines); the binaries are picasso 2.7.2's bytes.
def out = new File(basedir, 'target/generated-resources/shaders')
def golden = new File(basedir, '../../../../cli/src/test/resources/picasso-golden').canonicalFile
def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] program.shbin <- shaders/a.v.pica + shaders/b.v.pica + shaders/lib.v.pica') : log
assert log.contains('[INFO] scene.shbin <- scene.v.pica + scene.g.pica') : log
// the plugin's part of the log (Maven's own warnings about checksums are not ours)
def ours = log.substring(log.indexOf('pica-maven-plugin:'), log.indexOf('Built '))
assert !ours.contains('[ERROR]') && !ours.contains('[WARNING]') : ours
assert log.contains('Built 2 shader binaries') : log
def built = []
out.eachFileRecurse { if (it.isFile()) built << out.toPath().relativize(it.toPath()).toString() }
assert built.sort() == ['program.shbin', 'scene.shbin'] : built
assert new File(out, 'program.shbin').bytes == new File(golden, 'multi/expected.shbin').bytes
assert new File(out, 'scene.shbin').bytes == new File(golden, 'vs-gs/expected.shbin').bytes
return true
