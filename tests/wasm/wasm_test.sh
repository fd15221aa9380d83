#!/bin/bash
# The WebAssembly build (scripts/build makes it when Emscripten is installed) in Node:
#   capi    the C API's own test (tests/capi/capi_test.c) compiled to WebAssembly
#           (build/wasm/bin/anmkit_capi_test.js), on the real file system
#   module  the page's module (build/viewer/anmkit_wasm.js) through its exports and MEMFS, whose
#           outputs (JSON, summaries, written bytes, glTF, poses) must be the native library's,
#           byte for byte, on the examples and the corpus
#   layout  the module's anmkit_abi_layout against anmkit.h and docs/wasm.md's table
#           (tests/capi/layout_test.py), and the page's struct offsets taken from it
#           (page_layout_test.mjs)
# Without Node or an up-to-date WebAssembly build: a skip (exit 77), or a failure under
# ANMKIT_REQUIRE_EXTERNALS.
# Usage: wasm_test.sh capi|module|layout WASM_JS NATIVE_LIBRARY SOURCE_DIR [CORPUS_DIR]
set -euo pipefail
mode=$1 wasm=$2 library=$3 source=$4 corpus=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../support/externals.sh"
command -v node > /dev/null || missing "Node.js"
[ -f "$wasm" ] || missing "$wasm (scripts/build makes it when emcc is installed: scripts/deps)"
# Built before the native library it is compared with: from older sources.
[ "$wasm" -nt "$library" ] || missing "an up-to-date $wasm (older than $library: run scripts/build)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if [ "$mode" = capi ]; then
  exec node "$wasm" "$source/examples" "$scratch"
fi
if [ "$mode" = layout ]; then
  node -e 'require(require("path").resolve(process.argv[1]))().then(M =>
             process.stdout.write(M.UTF8ToString(M._anmkit_abi_layout())))' "$wasm" > "$scratch/layout.json"
  python3 "$source/tests/capi/layout_test.py" "$source/include/anmkit/anmkit.h" --wasm32 "$scratch/layout.json" \
    "$source/docs/wasm.md"
  node "$here/page_layout_test.mjs" "$wasm"
  exit 0
fi

inputs=("$source"/examples/*.anm)
if [ -n "$corpus" ] && [ -d "$corpus/gem" ]; then
  inputs+=("$corpus"/gem/*.anm "$corpus"/gem/*.mdl)
elif [ -n "${ANMKIT_REQUIRE_EXTERNALS:-}" ]; then
  missing "the corpus folder $corpus/gem"
fi
node "$here/module_test.js" "$wasm" "$source/include/anmkit/anmkit.h" "$scratch/wasm" "${inputs[@]}"
# /usr/bin first: Debian's Python has NumPy (scripts/deps); native_outputs.py works without it too.
ANMKIT_LIBRARY=$library PYTHONPATH=$source/python PATH=/usr/bin:$PATH \
  python3 "$here/native_outputs.py" "$scratch/native" "${inputs[@]}"
if ! diff -r "$scratch/native" "$scratch/wasm" > "$scratch/diff.txt"; then
  echo "the WebAssembly module's outputs differ from the native library's:" >&2
  head -c 4000 "$scratch/diff.txt" >&2
  exit 1
fi
echo "$(ls "$scratch/wasm" | wc -l) outputs of ${#inputs[@]} inputs: the same bytes as the native library's"
