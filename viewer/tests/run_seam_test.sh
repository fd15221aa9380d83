#!/bin/bash
# The page on a format it was not written for (seam_test.mjs): the module built with the test-only
# format (build/viewer/seam/anmkit_wasm.js, from tests/seam/tkf_entry.cpp) beside the page bundled
# anew. Without Chromium, the page's npm packages or that module: a skip (exit 77), or a failure
# under ANMKIT_REQUIRE_EXTERNALS.
# Usage: run_seam_test.sh BUILD_DIR
set -euo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../tests/support/externals.sh"
[ -x /usr/bin/chromium ] || missing "Chromium (scripts/deps installs Debian's chromium package)"
[ -d "$here/../node_modules/playwright-core" ] || missing "the viewer's npm packages (scripts/deps runs npm ci in viewer/)"
[ -f "$build/viewer/seam/anmkit_wasm.js" ] || missing "the WebAssembly build with the test-only format, $build/viewer/seam/anmkit_wasm.js (scripts/build makes it when emcc is installed)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
/usr/bin/node "$here/../build.mjs" "$scratch/page"
cp "$build/viewer/seam/anmkit_wasm.js" "$scratch/page/"
/usr/bin/node "$here/seam_test.mjs" "$scratch/page"
