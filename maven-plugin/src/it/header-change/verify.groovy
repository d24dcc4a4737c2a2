def log = new File(basedir, 'build.log').text
// built: "[INFO] uses.shbin <- uses.vsh"; skipped: the same line ending in "(up to date)"
int uses = log.readLines().count { it.startsWith('[INFO] uses.shbin <- ') && !it.endsWith('(up to date)') }
int plain = log.readLines().count { it.startsWith('[INFO] plain.shbin <- ') && !it.endsWith('(up to date)') }
assert uses == plain + 1 : "uses.vsh rebuilt after its header changed, plain.vsh not: uses=$uses plain=$plain\n$log"
def bin = new File(basedir, 'target/generated-resources/shaders/uses.shbin').bytes
// the constant c0.x is now 2.0 = f24 0x400000
def found = false
for (int i = 0; i + 3 < bin.length; i++) {
    if (bin[i] == 2 && bin[i + 1] == 0 && bin[i + 2] == 0 && bin[i + 3] == 0 && i + 7 < bin.length
            && bin[i + 4] == 0 && bin[i + 5] == 0 && bin[i + 6] == 0x40 && bin[i + 7] == 0) { found = true; break }
}
assert found : 'uses.shbin holds the new constant'
return true
