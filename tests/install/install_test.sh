#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds the README's program against it, once
# with find_package(anmkit) and once with pkg-config; both must print the hatch's pose and use
# the installed library: libanmkit.a, or libanmkit.so.0 when the build has BUILD_SHARED_LIBS=ON
# (scripts/test-sanitizers builds that way, so both kinds are installed and used by the tests).
# Arguments: BUILD_DIR POSE_CPP EXAMPLE_ANM [COMPILER_FLAGS]
#   COMPILER_FLAGS: for the consumers too (the sanitizer build's -fsanitize=..., whose runtime an
#   instrumented library needs from the program).
set -euo pipefail
build=$1 source=$2 example=$3 flags=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expected='hatch: translation 4 -6 9.5, rotation 0.5 0 0 0.866025, hidden'
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/anmkit/anmkit.hpp"
test -f "$prefix/lib/cmake/anmkit/anmkitConfig.cmake"
test -f "$prefix/lib/pkgconfig/anmkit.pc"
test -x "$prefix/bin/anmkit"
if [ -e "$prefix/lib/libanmkit.so" ]; then
  kind=shared
  test -f "$prefix/lib/libanmkit.so.0" || { echo "libanmkit.so without its soname libanmkit.so.0"; exit 1; }
  test ! -e "$prefix/lib/libanmkit.a" || { echo "a shared build installed libanmkit.a too"; exit 1; }
  soname=$(objdump -p "$prefix/lib/libanmkit.so" | awk '$1 == "SONAME" {print $2}')
  [ "$soname" = libanmkit.so.0 ] || { echo "libanmkit.so's SONAME is '$soname'"; exit 1; }
else
  kind=static
  test -f "$prefix/lib/libanmkit.a" || { echo "neither libanmkit.a nor libanmkit.so installed"; exit 1; }
fi
# A consumer of the shared library loads the installed libanmkit.so.0, not the build's.
uses_installed_library() {
  [ $kind = static ] && return 0
  local loaded
  loaded=$(LD_LIBRARY_PATH="$prefix/lib" ldd "$1" | awk '$1 == "libanmkit.so.0" {print $3}')
  [ "$loaded" = "$prefix/lib/libanmkit.so.0" ] || { echo "$1 loads libanmkit.so.0 from '$loaded'"; return 1; }
}

generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
cmake -S "$here/consumer" -B "$work/consumer" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DPOSE_SOURCE="$source" -DCMAKE_CXX_FLAGS="$flags" >/dev/null
cmake --build "$work/consumer" >/dev/null
uses_installed_library "$work/consumer/pose"
got=$("$work/consumer/pose" "$example" hatch 22)
[ "$got" = "$expected" ] || { echo "find_package consumer printed: $got"; exit 1; }

# pkg-config, from the installed .pc alone (its prefix is found relative to the file).
static=()
[ $kind = static ] && static=(--static)
pc_flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs "${static[@]}" anmkit)
# shellcheck disable=SC2086  # the flags are words
c++ -std=c++20 -O1 $flags "$source" $pc_flags -o "$work/pose_pc"
uses_installed_library "$work/pose_pc"
got=$(LD_LIBRARY_PATH="$prefix/lib" "$work/pose_pc" "$example" hatch 22)
[ "$got" = "$expected" ] || { echo "pkg-config consumer printed: $got"; exit 1; }
echo "installed copy ($kind library): find_package and pkg-config consumers print: $got"
