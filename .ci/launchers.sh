#!/bin/sh
# Process-level checks of what mvn verify cannot see: the bin/ launchers through symlinks, the
# installable distribution, two first uses at once in a fresh copy of the sources (one build,
# under the lock), a rebuild after a source change, and examples/make with depfiles.
# Run by .ci/run after `mvn verify` (which builds the distribution).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "launchers: FAILED: $*" >&2; exit 1; }
sky=$root/examples/sky.vsh

# 1. launchers symlinked into a directory on PATH, run from another directory
mkdir "$tmp/path" "$tmp/work"
for t in picasm picacc picalink picadis picasso picasim picals picadbg; do ln -s "$root/bin/$t" "$tmp/path/$t"; done
(cd "$tmp/work" && PATH="$tmp/path:$PATH" picasm "$sky" -o sky.o && PATH="$tmp/path:$PATH" picalink sky.o -o sky.shbin)
[ "$(wc -c < "$tmp/work/sky.shbin")" -eq 448 ] || fail "symlinked launcher"
# picasim as a process: the README's example run, exact text
got=$(cd "$tmp/work" && PATH="$tmp/path:$PATH" picasim sky.shbin --set 'WORLDVIEWPROJ=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1' --set aPosition=1,2,3)
want=$(printf 'vertex 0:\n  position    o0        (2, -1, 3, 1)\n  color       o1        (0, 0, 0, 0)')
[ "$got" = "$want" ] || { printf '%s\n' "$got" >&2; fail "picasim on sky.shbin"; }

# 2. the distribution, installed with the README's one command, needs only java
dist=$(ls "$root"/cli/target/pica-toolchain-*-dist.tar.gz)
mkdir -p "$tmp/prefix"
tar -xzf "$dist" -C "$tmp/prefix" --strip-components=1
ln -s "$tmp/prefix/bin/picalink" "$tmp/path/picalink-installed"
(cd "$tmp/work" && "$tmp/prefix/bin/picasm" "$sky" -o sky2.o && "$tmp/path/picalink-installed" sky2.o -o sky2.shbin)
cmp "$tmp/work/sky.shbin" "$tmp/work/sky2.shbin" || fail "installed distribution"
[ "$("$tmp/prefix/bin/picasim" "$tmp/work/sky2.shbin" --format raw | wc -l)" -eq 2 ] || fail "installed picasim"
# picacc from the distribution: GLSL through the shipped LWJGL natives, linked like any other object
(cd "$tmp/work" && "$tmp/prefix/bin/picacc" -c "$root/examples/glsl/lit.vert" -o lit.o && "$tmp/prefix/bin/picalink" lit.o -o lit.shbin) || fail "installed picacc"
"$tmp/prefix/bin/picasim" "$tmp/work/lit.shbin" --set 'projection=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1' --set 'modelView=1,0,0,0;0,1,0,0;0,0,1,0;0,0,0,1' \
  --set lightDirection=0,0,1,0 --set ambient=0.25,0.25,0.25,1 --set diffuse=0.5,0.5,0.5,0 --set position=1,2,3 --set normal=0,0,1 --set uv=0.5,0.75 \
  | grep -q 'color .*(0.75, 0.75, 0.75, 1)' || fail "installed picacc's lit.shbin in picasim"
# bin/ holds the tools only (their shared helper is in libexec/, off PATH)
[ "$(ls "$tmp/prefix/bin" | tr '\n' ' ')" = "picacc picadbg picadis picalink picals picasim picasm picasso " ] || fail "installed bin/: $(ls "$tmp/prefix/bin")"
# the documents the man pages and --help name, where the installed README links them
for d in diagnostics.md verifier.md picasso-compat.md spec/sdk-dialect.md; do
  [ -s "$tmp/prefix/share/doc/pica-toolchain/docs/$d" ] || fail "installed docs/$d"
done
# man pages and completion scripts in the distribution; man renders them when this machine has it
for t in picasm picacc picalink picadis picasso picasim picadbg picals; do
  [ -s "$tmp/prefix/share/man/man1/$t.1" ] || fail "no man page for $t"
  [ -s "$tmp/prefix/share/bash-completion/completions/$t" ] || fail "no completion script for $t"
done
if command -v man >/dev/null 2>&1; then
  page=$(LANG=C MANWIDTH=80 man -l "$tmp/prefix/share/man/man1/picalink.1" 2>&1) || fail "man -l picalink.1"
  case $page in *"picalink [OPTIONS] INPUT... -o OUT.shbin"*"-I DIR"*) ;; *) printf '%s\n' "$page" >&2; fail "picalink.1 as man renders it" ;; esac
fi
words=$(bash -c ". '$tmp/prefix/share/bash-completion/completions/picalink' 2>/dev/null; COMP_WORDS=(picalink --dialect ''); COMP_CWORD=2; COMP_LINE='picalink --dialect '; COMP_POINT=\${#COMP_LINE}; _complete_picalink 2>/dev/null; echo \"\${COMPREPLY[*]}\"")
[ "$words" = "sdk picasso" ] || fail "bash completion of picalink --dialect: '$words'"
# colours: auto on a terminal (script gives the tool one), not into a file, not with NO_COLOR
printf 'main:\n    movv o0, v0\n    end\nendmain:\n' > "$tmp/work/bad.vsh"
esc=$(printf '\033')
tty_err=$(cd "$tmp/work" && TERM=xterm script -qec "'$tmp/prefix/bin/picasm' bad.vsh -o bad.o" /dev/null || true)
case $tty_err in *"$esc[01;31m$esc[Kerror:"*) ;; *) printf '%s\n' "$tty_err" >&2; fail "no colour on a terminal" ;; esac
tty_err=$(cd "$tmp/work" && NO_COLOR=1 TERM=xterm script -qec "'$tmp/prefix/bin/picasm' bad.vsh -o bad.o" /dev/null || true)
case $tty_err in *"$esc"*) fail "colour despite NO_COLOR" ;; esac
file_err=$(cd "$tmp/work" && "$tmp/prefix/bin/picasm" bad.vsh -o bad.o 2>&1 || true)
case $file_err in *"$esc"*) fail "colour into a pipe" ;; esac
# -fdiagnostics-format=sarif-file: FIRST-INPUT.sarif in the current directory, a SARIF 2.1.0 log
(cd "$tmp/work" && "$tmp/prefix/bin/picasm" -fdiagnostics-format=sarif-file bad.vsh -o bad.o 2>/dev/null) && fail "bad.vsh assembled"
grep -q '"version": "2.1.0"' "$tmp/work/bad.vsh.sarif" && grep -q '"startLine": 2' "$tmp/work/bad.vsh.sarif" || fail "sarif-file"
# its rule's helpUri is the installed docs' row of the id (docs/diagnostics.md, "Diagnostic ids")
grep -q "\"helpUri\": \"file://$tmp/prefix/share/doc/pica-toolchain/docs/diagnostics.md#unknown-instruction\"" "$tmp/work/bad.vsh.sarif" || fail "sarif helpUri: $(grep helpUri "$tmp/work/bad.vsh.sarif")"
grep -q '<a id="unknown-instruction"></a>' "$tmp/prefix/share/doc/pica-toolchain/docs/diagnostics.md" || fail "installed docs lack the id's anchor"
# json-file: FIRST-INPUT.gcc.json, the name GCC gives it
(cd "$tmp/work" && "$tmp/prefix/bin/picasm" -fdiagnostics-format=json-file bad.vsh -o bad.o 2>/dev/null) && fail "bad.vsh assembled"
grep -q '"kind": *"error"' "$tmp/work/bad.vsh.gcc.json" || fail "json-file"
# the installed language server over stdio: initialize, shutdown, exit; exit status 0 after a shutdown
frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
reply=$({ frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
  frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'; frame '{"jsonrpc":"2.0","method":"exit"}'; } | "$tmp/prefix/bin/picals") \
  || fail "installed picals exited with status $?"
case $reply in *'"name":"picals"'*'"hoverProvider":true'*|*'"hoverProvider":true'*'"name":"picals"'*) ;; *) printf '%s\n' "$reply" >&2; fail "installed picals' initialize answer" ;; esac
# the installed debug adapter: initialize answers with its capabilities; it ends when the client closes the stream
reply=$(frame '{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"pica"}}' | "$tmp/prefix/bin/picadbg") \
  || fail "installed picadbg exited with status $?"
case $reply in *'"success":true'*'"supportsStepBack":true'*) ;; *) printf '%s\n' "$reply" >&2; fail "installed picadbg's initialize answer" ;; esac

# 2b. class-data sharing: the first run left an archive beside the jars; runs that map it, and
# runs given a corrupt one, print the same bytes and nothing extra on stdout
lib=$tmp/prefix/lib/pica-toolchain
ls "$lib"/pica-cds-*.jsa >/dev/null 2>&1 || fail "no class-data archive after the first run"
# and the JVM maps it: the toolchain's classes load from the archive, not from the jars
PICA_JAVA_LOG="-Xlog:class+load=info:file=$tmp/classload.txt" "$tmp/prefix/bin/picasm" -E "$sky" >/dev/null
grep -q 'dev.pica.asm.Assembler source: shared objects file' "$tmp/classload.txt" || { grep 'dev.pica.asm.Assembler' "$tmp/classload.txt" >&2; fail "the class-data archive is not mapped"; }
# at the address it was recorded at: JDK 17's default maps it elsewhere and rewrites every pointer
# in it on each start (ArchiveRelocationMode=1; the launcher asks for 0, docs/performance.md)
PICA_JAVA_LOG="-Xlog:cds=info:file=$tmp/cdsmap.txt" "$tmp/prefix/bin/picasm" -E "$sky" >/dev/null
grep -q 'Mapped dynamic region' "$tmp/cdsmap.txt" || { cat "$tmp/cdsmap.txt" >&2; fail "the class-data archive's mapping is not logged"; }
! grep -q 'ArchiveRelocationMode == 1' "$tmp/cdsmap.txt" || { grep -i 'reloc' "$tmp/cdsmap.txt" >&2; fail "the class-data archive is relocated on each start"; }
"$tmp/prefix/bin/picasm" -E "$sky" > "$tmp/cds1.txt"
PICA_NO_CDS=1 "$tmp/prefix/bin/picasm" -E "$sky" > "$tmp/cds0.txt"
cmp "$tmp/cds0.txt" "$tmp/cds1.txt" || fail "output differs with the class-data archive"
for a in "$lib"/pica-cds-*.jsa; do chmod u+w "$a"; printf 'junk' > "$a"; done
"$tmp/prefix/bin/picasm" -E "$sky" > "$tmp/cds2.txt" 2> "$tmp/cds2.err"
cmp "$tmp/cds0.txt" "$tmp/cds2.txt" || fail "output differs with a corrupt class-data archive"
[ ! -s "$tmp/cds2.err" ] || { cat "$tmp/cds2.err" >&2; fail "notices on stderr with a corrupt class-data archive"; }

# 2c. with a JDK 25 or later (if the machine has one) the launcher records an AOT cache instead:
# same bytes, a corrupt cache only costs the speed-up and prints nothing
for release in /usr/lib/jvm/*/release; do
  [ -r "$release" ] || continue
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")
  [ "${v:-0}" -ge 25 ] || continue
  jhome=${release%/release}
  PATH="$jhome/bin:$PATH" "$tmp/prefix/bin/picasm" -E "$sky" > "$tmp/aot1.txt"
  ls "$lib"/pica-aot-*.aot >/dev/null 2>&1 || fail "no AOT cache after the first run on JDK $v"
  cmp "$tmp/cds0.txt" "$tmp/aot1.txt" || fail "output differs with the AOT cache"
  for a in "$lib"/pica-aot-*.aot; do chmod u+w "$a"; printf 'junk' > "$a"; done
  PATH="$jhome/bin:$PATH" "$tmp/prefix/bin/picasm" -E "$sky" > "$tmp/aot2.txt" 2> "$tmp/aot2.err"
  cmp "$tmp/cds0.txt" "$tmp/aot2.txt" || fail "output differs with a corrupt AOT cache"
  [ ! -s "$tmp/aot2.err" ] || { cat "$tmp/aot2.err" >&2; fail "notices on stderr with a corrupt AOT cache"; }
  break
done

# 2d. the installed drop-in picasso reproduces picasso 2.7.2 on its golden corpus (the corpus's own checker)
python3 "$root/cli/src/test/resources/picasso-golden/check-outputs.py" -v -- "$tmp/prefix/bin/picasso" > "$tmp/picasso.txt" \
    || { cat "$tmp/picasso.txt" >&2; fail "picasso golden corpus"; }

# 2e. a batch over more than 200 files runs with C1's batch settings (docs/performance.md: halved
# thresholds, a 24 MB young generation, no inlining past trivial methods), one over more than 600
# with a fifth of the thresholds: its JVM prints the flags
batchFlags() { # N SCALE: a batch of N copies of sky.vsh runs with CompileThresholdScaling = SCALE
  rm -rf "$tmp/batch"; mkdir "$tmp/batch"
  for n in $(seq 1 "$1"); do cp "$sky" "$tmp/batch/s$n.vsh"; done
  (cd "$tmp/batch" && PICA_JAVA_LOG=-XX:+PrintFlagsFinal "$root/bin/picalink" --each --output-dir out s*.vsh > "$tmp/flags.txt")
  [ "$(ls "$tmp/batch/out" | wc -l)" -eq "$1" ] || fail "the batch of $1 sources"
  for f in 'C1MaxInlineSize *= 0 ' "CompileThresholdScaling *= $2 "; do
    grep -q " $f" "$tmp/flags.txt" || { grep 'C1MaxInlineSize\|CompileThresholdScaling' "$tmp/flags.txt" >&2; fail "a batch of $1 files runs without '$f'"; }
  done
}
batchFlags 201 0.500000
batchFlags 601 0.200000

# 3. two first uses at once in a fresh copy: both wait for one build, nothing goes to ~/.m2
mkdir "$tmp/clone"
(cd "$root" && git ls-files -z | xargs -0 tar -cf - ) | (cd "$tmp/clone" && tar -xf -)
m2=$HOME/.m2/repository/dev/pica/pica-cli/0.1.0-SNAPSHOT
before=$(ls -l --time-style=+%s.%N "$m2" 2>/dev/null || true)
c=$tmp/clone
("$c/bin/picasm" "$c/examples/sky.vsh" -o "$tmp/work/c1.o" 2> "$tmp/e1") & p1=$!
("$c/bin/picalink" "$c/examples/sky.vsh" -o "$tmp/work/c2.shbin" 2> "$tmp/e2") & p2=$!
wait $p1 || { cat "$tmp/e1" >&2; fail "first concurrent use"; }
wait $p2 || { cat "$tmp/e2" >&2; fail "second concurrent use"; }
builds=$(cat "$tmp/e1" "$tmp/e2" | grep -c "building the toolchain" || true)
# first use says one line, without Maven's escape sequences
if grep -q "$(printf '\033')" "$tmp/e1" "$tmp/e2"; then fail "escape sequences on first use"; fi
[ "$builds" -eq 1 ] || fail "expected one build, saw $builds"
cmp "$tmp/work/c2.shbin" "$tmp/work/sky.shbin" || fail "concurrent first use output"
[ "$before" = "$(ls -l --time-style=+%s.%N "$m2" 2>/dev/null || true)" ] || fail "the launcher's build wrote into ~/.m2"

# 4. a changed source is rebuilt before use; an unchanged tree is not
"$c/bin/picasm" --version 2> "$tmp/e3" >/dev/null
! grep -q "building" "$tmp/e3" || fail "rebuilt an unchanged tree"
sleep 1
touch "$c/driver/src/main/java/dev/pica/driver/Depfile.java"
"$c/bin/picasm" --version 2> "$tmp/e4" >/dev/null
grep -q "building the toolchain" "$tmp/e4" || fail "did not rebuild after a source change"

# 5. examples/make: pattern rules with depfiles, make -j2; touching the header rebuilds its users only
make -s -C "$c/examples/make" -j2 > "$tmp/m1"
[ -s "$c/examples/make/build/particles.shbin" ] || fail "make example"
cmp "$c/examples/make/build/sky.shbin" "$tmp/work/sky.shbin" || fail "make example sky.shbin"
sleep 1
touch "$c/examples/include/common.h"
make -C "$c/examples/make" -j2 > "$tmp/m2"
rebuilt=$(grep -o 'picasm \.\./[a-z_]*\.[vg]sh' "$tmp/m2" | sed 's|picasm \.\./||' | sort | tr '\n' ' ')
[ "$rebuilt" = "lighting.vsh skinning.vsh transform_lib.vsh " ] || fail "header change rebuilt: $rebuilt"
make -C "$c/examples/make" | grep -q "Nothing to be done" || fail "make not up to date after rebuild"
# the README's picasso rules: devkitPro's units, a list's depfile with its members as given
for b in glow scene program; do [ -s "$c/examples/make/build/pica/$b.shbin" ] || fail "make example $b.shbin"; done
grep -q '^build/pica/program.shbin: ../pica/program.shlist ../pica/shaders/main.pica' "$c/examples/make/build/pica/program.d" || fail "list depfile"
sleep 1
touch "$c/examples/pica/shaders/scale.pica"
make -C "$c/examples/make" -j2 > "$tmp/m3"
[ "$(grep -c 'picalink --each' "$tmp/m3")" -eq 1 ] && grep -q 'program.shlist' "$tmp/m3" || fail "a list member's change rebuilt: $(cat "$tmp/m3")"
echo "launchers: symlinks, distribution, concurrent first use, staleness, make example passed"
