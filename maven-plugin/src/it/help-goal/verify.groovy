// mvn pica:help, as every Maven plugin has one, with each parameter's real default
def log = new File(basedir, 'build.log').text
assert log.contains('pica:build') : log
assert log.contains('generateHeaders (Default: false)') : log
assert log.contains('includes') : log
return true
