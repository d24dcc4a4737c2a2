def log = new File(basedir, 'build.log').text
assert log.contains('Shaders are up to date (1 binary)') : log
assert new File(basedir, 'target/shader-maps/sky.map').isFile() : 'the configuration change rebuilt the binary'
return true
