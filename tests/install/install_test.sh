#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds the README's program against it, once
# with find_package(anmkit) and once with pkg-config; both must print the hatch's pose.
# Arguments: BUILD_DIR POSE_CPP EXAMPLE_ANM
set -euo pipefail
build=$1 source=$2 example=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expected='hatch: translation 4 -6 9.5, rotation 0.5 0 0 0.866025, hidden'

cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -f "$work/prefix/include/anmkit/anmkit.hpp"
test -f "$work/prefix/lib/cmake/anmkit/anmkitConfig.cmake"
test -f "$work/prefix/lib/pkgconfig/anmkit.pc"
test -x "$work/prefix/bin/anmkit"

generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
cmake -S "$here/consumer" -B "$work/consumer" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DPOSE_SOURCE="$source" >/dev/null
cmake --build "$work/consumer" >/dev/null
got=$("$work/consumer/pose" "$example" hatch 22)
[ "$got" = "$expected" ] || { echo "find_package consumer printed: $got"; exit 1; }

# pkg-config, from the installed .pc alone (its prefix is found relative to the file).
flags=$(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs --static anmkit)
c++ -std=c++20 -O1 "$source" $flags -o "$work/pose_pc"
got=$("$work/pose_pc" "$example" hatch 22)
[ "$got" = "$expected" ] || { echo "pkg-config consumer printed: $got"; exit 1; }
echo "installed copy: find_package and pkg-config consumers print: $got"
