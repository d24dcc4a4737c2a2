#!/bin/sh
# The library as a third party uses it: examples/api is a JPMS module that requires only
# dev.pica.driver and dev.pica.sim, compiled and run on the module path against the jars
# `mvn verify` put in cli/target/lib (docs/api.md).
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# LWJGL's natives jars of every platform are one module name each (org.lwjgl.natives,
# org.lwjgl.shaderc.natives): a module path takes this platform's only, and --add-modules
# resolves them, since no module requires them (docs/api.md)
mkdir "$tmp/lib"
for j in cli/target/lib/*.jar; do
  case "$j" in *-natives-linux.jar) ;; *-natives-*) continue ;; esac
  ln -s "$PWD/$j" "$tmp/lib/"
done
javac -p "$tmp/lib" -d "$tmp/classes" $(find examples/api/src -name '*.java')
java -p "$tmp/lib:$tmp/classes" --add-modules org.lwjgl.natives,org.lwjgl.shaderc.natives -m example.api/example.api.ShaderCheck examples/sky.vsh aPosition 1 2 3 examples/glsl/sky.vert > "$tmp/out.txt"
grep -qx "sha256 6dd3e1423fd5563dbf0f7b2404c44932d527458fbcad60b71a14ada4b694e100" "$tmp/out.txt"
grep -qx "findings 0" "$tmp/out.txt"
# a Program built word by word (ProgramBuilder): the call that ends a loop body is lost
grep -qx "hand-written words fail: F-LOST" "$tmp/out.txt"
# the c registers sky.vsh reads, counted through the operand schema: four dp4, two mul, mov, add, mad
grep -qx "uniform reads 9" "$tmp/out.txt"
# an operand form in each dialect (isa.syntax: Dialect, Mnemonics)
grep -qx "ifc: sdk 'ifc refX, refY, condop', picasso 'ifc cond'" "$tmp/out.txt"
grep -qx "position \[2.0, -1.0, 3.0, 1.0\]" "$tmp/out.txt"
# its GLSL twin through Shader.build (the simulator finds the driver's builder on the module path)
grep -qx "glsl position \[2.0, -1.0, 3.0, 1.0\]" "$tmp/out.txt"
echo "api: a module-path client assembled, linked, verified, disassembled and simulated sky.vsh, and ran its GLSL twin"
