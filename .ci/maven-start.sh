#!/bin/sh
# The README's Maven section followed word for word on a clean machine: its install command and
# its minimal pom, from an EMPTY local repository (everything else comes from Maven Central), the
# pom building examples/maven-homebrew's sources and running their JUnit 5 tests on pica-sim.
# Run by .ci/run; takes a couple of minutes, most of it downloading.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "maven-start: FAILED: $*" >&2; exit 1; }
# the first fenced block after the README's marker line "<!-- ci: NAME ..."
block() {
  awk -v name="$1" 'index($0, "<!-- ci: " name) == 1 { want = 1; next }
    want && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$root/README.md"
}
repo=$tmp/repo
install=$(block "maven install")
[ -n "$install" ] || fail "no install command in the README"
(cd "$root" && eval "$install -Dmaven.repo.local=$repo") || fail "the README's install command"
mkdir "$tmp/project"
block "maven pom" > "$tmp/project/pom.xml"
grep -q '<artifactId>pica-maven-plugin</artifactId>' "$tmp/project/pom.xml" || fail "no pom in the README"
cp -R "$root/examples/maven-homebrew/src" "$tmp/project/src"
(cd "$tmp/project" && mvn -q -B -Dmaven.repo.local="$repo" package) || fail "mvn package with the README's pom"
unzip -l "$tmp/project/target/my-homebrew-1.0.jar" | grep -q ' sky.shbin$' || fail "sky.shbin in the jar"
# the tests ran (Surefire 2.12 would have passed without running any)
grep -q 'tests="2"' "$tmp/project/target/surefire-reports/TEST-example.SkyShaderTest.xml" || fail "the shader tests did not run"
# a picasso shader's .alias input names, recorded beside its binary by the plugin, read by Simulator.load
grep -q 'tests="2"' "$tmp/project/target/surefire-reports/TEST-example.VshaderTest.xml" || fail "the picasso shader's tests did not run"
echo "maven-start: the README's Maven route from an empty local repository passed"
