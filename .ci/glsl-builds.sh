#!/bin/sh
# GLSL shaders through make and CMake as a homebrew project builds them (issue 46 item 3):
# examples/devkitpro (shaders/*.vert -> build/*.shbin and *_shbin.h, foo.geom paired with foo.vert,
# picacc -MD depfiles) and
# examples/cmake (cmake/PicaShaders.cmake's pica_add_shader_library, Debian's cmake), each run
# twice: a header change rebuilds exactly its users, and an unchanged tree builds nothing.
# Run by .ci/run after `mvn verify`; PICA_BIN names the tools (default: this clone's bin/).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${PICA_BIN:-$root/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "glsl-builds: FAILED: $*" >&2; exit 1; }

# 1. make, devkitPro's names: foo.vert -> foo.shbin + foo_shbin.h
cp -r "$root/examples/devkitpro" "$tmp/dkp"
make -s -C "$tmp/dkp" PICA_BIN="$bin" -j2 > "$tmp/m1" || fail "make"
for s in lit sprite; do
  [ -s "$tmp/dkp/build/$s.shbin" ] || fail "no $s.shbin"
  printf 'extern const u8 %s_shbin_end[];\nextern const u8 %s_shbin[];\nextern const u32 %s_shbin_size;\n' $s $s $s | cmp -s - "$tmp/dkp/build/${s}_shbin.h" \
    || fail "${s}_shbin.h is not 3ds_rules' header: $(cat "$tmp/dkp/build/${s}_shbin.h")"
done
{ grep -q '^build/lit.shbin: shaders/lit.vert' "$tmp/dkp/build/lit.d" && grep -q 'shaders/include/light.glsl *$' "$tmp/dkp/build/lit.d"; } || fail "lit.d: $(cat "$tmp/dkp/build/lit.d")"
# particle.vert with particle.geom beside it: one binary of two DVLEs (the DVLB's count at offset 4)
[ "$(od -An -tu4 -j4 -N4 "$tmp/dkp/build/particle.shbin" | tr -d ' ')" = 2 ] || fail "particle.shbin is not the pair"
grep -q 'shaders/particle.geom' "$tmp/dkp/build/particle.d" || fail "particle.d: $(cat "$tmp/dkp/build/particle.d")"
# the binary runs by its GLSL names
"$bin/picasim" "$tmp/dkp/build/sprite.shbin" --set 'projection=2,0,0,1;0,3,0,0;0,0,4,0;0,0,0,1' --set position=1,2 --set uv=0.5,0.25 > "$tmp/run"
grep -q 'position    o0        (3, 6, 0, 1)' "$tmp/run" || fail "sprite.shbin ran: $(cat "$tmp/run")"
sleep 1
touch "$tmp/dkp/shaders/include/light.glsl"
make -C "$tmp/dkp" PICA_BIN="$bin" -j2 > "$tmp/m2"
rebuilt=$(grep -o 'picacc shaders/[a-z]*\.vert' "$tmp/m2" | sort | tr '\n' ' ')
[ "$rebuilt" = "picacc shaders/lit.vert " ] || fail "the include's change rebuilt: $rebuilt"
make -C "$tmp/dkp" PICA_BIN="$bin" | grep -q "Nothing to be done" || fail "make not up to date"

# 2. CMake: pica_add_shader_library beside devkitPro's ctr_add_shader_library
mkdir -p "$tmp/src"
cp -r "$root/examples/cmake" "$root/examples/devkitpro" "$tmp/src/"
cp "$root/examples/sky.vsh" "$tmp/src/"
mkdir -p "$tmp/src/cmake-module" && cp "$root/cmake/PicaShaders.cmake" "$tmp/src/cmake-module/"
sed -i 's|\${CMAKE_CURRENT_LIST_DIR}/../../cmake|${CMAKE_CURRENT_LIST_DIR}/../cmake-module|' "$tmp/src/cmake/CMakeLists.txt"
cmake -S "$tmp/src/cmake" -B "$tmp/cm" -DPICA_LINK="$bin/picalink" > "$tmp/c0" || fail "cmake configure"
cmake --build "$tmp/cm" > "$tmp/c1" || fail "cmake build: $(cat "$tmp/c1")"
for s in lit_shaders.shbin sprite_shaders.shbin sky.shbin particle_shaders.shbin; do [ -s "$tmp/cm/$s" ] || fail "cmake: no $s"; done
[ "$(od -An -tu4 -j4 -N4 "$tmp/cm/particle_shaders.shbin" | tr -d ' ')" = 2 ] || fail "cmake's particle_shaders.shbin is not the pair"
"$bin/picasim" "$tmp/cm/sprite_shaders.shbin" --set 'projection=2,0,0,1;0,3,0,0;0,0,4,0;0,0,0,1' --set position=1,2 --set uv=0.5,0.25 | cmp -s - "$tmp/run" \
  || fail "cmake's sprite binary runs other than make's"
echo "6dd3e1423fd5563dbf0f7b2404c44932d527458fbcad60b71a14ada4b694e100  $tmp/cm/sky.shbin" | sha256sum -c --quiet || fail "cmake's sky.shbin"
sleep 1
touch "$tmp/src/devkitpro/shaders/include/light.glsl"
cmake --build "$tmp/cm" > "$tmp/c2"
grep -q 'Building shader library lit_shaders' "$tmp/c2" || fail "cmake: the include's change did not rebuild lit_shaders: $(cat "$tmp/c2")"
! grep -q 'Building shader library sprite_shaders\|Building shader library sky_shaders\|Building shader library particle_shaders' "$tmp/c2" || fail "cmake rebuilt more than lit_shaders: $(cat "$tmp/c2")"
cmake --build "$tmp/cm" > "$tmp/c3"
! grep -q 'Building shader library' "$tmp/c3" || fail "cmake not up to date: $(cat "$tmp/c3")"
echo "glsl-builds: make (devkitPro's names, depfiles) and CMake (pica_add_shader_library, $(cmake --version | head -1)) built GLSL shaders"
