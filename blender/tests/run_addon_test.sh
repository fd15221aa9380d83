#!/bin/bash
# The add-on's test in Blender (addon_test.py), installed from its zip into a scratch user-scripts
# folder. Without Blender or the corpus: a skip (exit 77), or a failure under ANMKIT_REQUIRE_EXTERNALS.
# The real vehicle folders (gem-vehicles) are looked for beside CORPUS (the corpus's gem folder).
# Usage: run_addon_test.sh ADDON_DIR EXAMPLES CORPUS
set -euo pipefail
addon_dir=$1 examples=$2 corpus=${ANMKIT_CORPUS_DIR:+$ANMKIT_CORPUS_DIR/gem}
corpus=${corpus:-$3}
vehicles=$(dirname "$corpus")/gem-vehicles
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../tests/support/externals.sh"
# /usr/bin first: another Python earlier on PATH (pyenv) makes Debian's Blender lose its NumPy.
export PATH=/usr/bin:$PATH
command -v blender > /dev/null || missing "Blender (scripts/deps installs Debian's blender package)"
zip=$(ls "$addon_dir"/anmkit_blender-*.zip 2> /dev/null | head -n 1 || true)
[ -n "$zip" ] || { echo "no add-on zip in $addon_dir (the anmkit_blender_addon target builds it)" >&2; exit 1; }
corpus_or_none
# As corpus_or_none, for the vehicle folders.
if [ ! -d "$vehicles" ]; then
  [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" != 0 ] && missing "the vehicle folders $vehicles"
  vehicles=-
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
unset ANMKIT_LIBRARY  # the add-on loads the library inside its zip
BLENDER_USER_SCRIPTS=$scratch/scripts BLENDER_USER_CONFIG=$scratch/config \
  blender -b --factory-startup --python-exit-code 1 --python "$here/addon_test.py" -- \
  "$zip" "$examples" "$corpus" "$scratch/work" "$vehicles"
