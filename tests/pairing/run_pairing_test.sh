#!/bin/bash
# The four clients' pairing on the real vehicle folders (pairing_test.py): the CLI and Python here,
# the add-on in Blender, the viewer in Debian's headless Chromium. Without Blender, Chromium, the
# page's npm packages, its build or the corpus: a skip (exit 77), or a failure under
# ANMKIT_REQUIRE_EXTERNALS.
# Usage: run_pairing_test.sh BUILD_DIR CORPUS LIBANMKIT_C PYTHON_PACKAGE_DIR
set -euo pipefail
build=$1 corpus=${ANMKIT_CORPUS_DIR:+$ANMKIT_CORPUS_DIR/gem-vehicles} library=$3 package=$4
corpus=${corpus:-$2}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../support/externals.sh"
export PATH=/usr/bin:$PATH  # Debian's Python and Blender (docs/blender.md)
[ -d "$corpus" ] || missing "the corpus folder $corpus"
command -v blender > /dev/null || missing "Blender (scripts/deps installs Debian's blender package)"
[ -x /usr/bin/chromium ] || missing "Chromium (scripts/deps installs Debian's chromium package)"
[ -d "$here/../../viewer/node_modules/playwright-core" ] || missing "the viewer's npm packages (scripts/deps runs npm ci in viewer/)"
[ -f "$build/viewer/anmkit_wasm.js" ] || missing "the WebAssembly build, $build/viewer/anmkit_wasm.js (scripts/build makes it when emcc is installed)"
[ -f "$build/viewer/viewer.js" ] || missing "the page, $build/viewer/viewer.js (scripts/build bundles it)"
zip=$(ls "$build"/blender/anmkit_blender-*.zip 2> /dev/null | head -n 1 || true)
[ -n "$zip" ] || { echo "no add-on zip in $build/blender (the anmkit_blender_addon target builds it)" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
ANMKIT_LIBRARY=$library PYTHONPATH=$package /usr/bin/python3 "$here/pairing_test.py" "$build/bin/anmkit" "$zip" \
  "$build/viewer" "$corpus" "$scratch"
