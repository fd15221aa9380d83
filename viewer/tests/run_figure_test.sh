#!/bin/bash
# The vehicle in the viewer (figure_test.mjs) in Debian's headless Chromium. Without Chromium, the
# page's npm packages or the WebAssembly build: a skip (exit 77), or a failure under
# ANMKIT_REQUIRE_EXTERNALS. The vehicle folders (gem-vehicles, beside the GEM corpus CORPUS) are
# optional: the checks on them skip, saying so, when they are absent, and fail under
# ANMKIT_REQUIRE_EXTERNALS.
# Usage: run_figure_test.sh BUILD_DIR EXAMPLES CORPUS LIBANMKIT_C PYTHON_PACKAGE_DIR
set -euo pipefail
build=$1 examples=$2 corpus=${ANMKIT_CORPUS_DIR:+$ANMKIT_CORPUS_DIR/gem} library=$4 package=$5
corpus=${corpus:-$3}
vehicles=$(dirname "$corpus")/gem-vehicles
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../tests/support/externals.sh"
[ -x /usr/bin/chromium ] || missing "Chromium (scripts/deps installs Debian's chromium package)"
[ -d "$here/../node_modules/playwright-core" ] || missing "the viewer's npm packages (scripts/deps runs npm ci in viewer/)"
[ -f "$build/viewer/anmkit_wasm.js" ] || missing "the WebAssembly build, $build/viewer/anmkit_wasm.js (scripts/build makes it when emcc is installed)"
[ -f "$build/viewer/viewer.js" ] || missing "the page, $build/viewer/viewer.js (scripts/build bundles it)"
if [ ! -d "$vehicles" ]; then
  [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" != 0 ] && missing "the vehicle folders $vehicles"
  vehicles=-
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
ANMKIT_LIBRARY=$library PYTHONPATH=$package /usr/bin/node "$here/figure_test.mjs" "$build/viewer" "$build/bin/anmkit" \
  "$examples" "$vehicles" "$scratch"
