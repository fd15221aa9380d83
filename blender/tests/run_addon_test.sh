#!/bin/bash
# The add-on's test in Blender (addon_test.py), installed from its zip into a scratch user-scripts
# folder. Without Blender or the corpus: a skip (exit 77), or a failure under ANMKIT_REQUIRE_EXTERNALS.
# The real vehicle folders (gem-vehicles) are looked for beside CORPUS (the corpus's gem folder).
# Usage: run_addon_test.sh ADDON_DIR EXAMPLES CORPUS [SUITE]
# SUITE (trixie: Blender 4.3, sid: Blender 5.2): that Debian's Blender, in the chroot that
# scripts/blender-chroot made (a skip when there is none, or a failure under
# ANMKIT_REQUIRE_EXTERNALS, where .ci/run makes them first); without it, the host's Blender.
set -euo pipefail
addon_dir=$1 examples=$2 corpus=${ANMKIT_CORPUS_DIR:+$ANMKIT_CORPUS_DIR/gem}
corpus=${corpus:-$3}
suite=${4:-}
vehicles=$(dirname "$corpus")/gem-vehicles
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../tests/support/externals.sh"
# /usr/bin first: another Python earlier on PATH (pyenv) makes Debian's Blender lose its NumPy.
export PATH=/usr/bin:$PATH
chroot_root=
if [ -n "$suite" ]; then
  chroot_root=$("$here/../../scripts/blender-chroot" "$suite" --path) ||
    missing "Debian $suite's Blender (scripts/blender-chroot $suite makes its chroot)"
else
  command -v blender > /dev/null || missing "Blender (scripts/deps installs Debian's blender package)"
fi
if [ -n "$suite" ]; then
  # In a newer Debian, the zip users install: the release's library, needing only the C and C++
  # runtimes (scripts/package --linux-addon; scripts/build remakes it when a chroot is there).
  release_dir=$(dirname "$addon_dir")/blender-release
  zip=$(ls "$release_dir"/anmkit_blender-*.zip 2> /dev/null | head -n 1 || true)
  [ -n "$zip" ] || missing "the add-on as users install it in $release_dir (scripts/build makes it when a chroot is there)"
else
  zip=$(ls "$addon_dir"/anmkit_blender-*.zip 2> /dev/null | head -n 1 || true)
  [ -n "$zip" ] || { echo "no add-on zip in $addon_dir (the anmkit_blender_addon target builds it)" >&2; exit 1; }
fi
corpus_or_none
# As corpus_or_none, for the vehicle folders.
if [ ! -d "$vehicles" ]; then
  [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" != 0 ] && missing "the vehicle folders $vehicles"
  vehicles=-
fi
# Each folder by its real path: in a chroot the folders are bound at their real paths, and a
# corpus reached through a link (a ../shared that links elsewhere) is not there by its name.
[ "$corpus" != - ] && corpus=$(cd "$corpus" && pwd -P)
[ "$vehicles" != - ] && vehicles=$(cd "$vehicles" && pwd -P)
examples=$(cd "$examples" && pwd -P)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
unset ANMKIT_LIBRARY  # the add-on loads the library inside its zip
run=(env "BLENDER_USER_SCRIPTS=$scratch/scripts" "BLENDER_USER_CONFIG=$scratch/config"
     "BLENDER_USER_EXTENSIONS=$scratch/extensions" "ANMKIT_ADDON_TEST=${ANMKIT_ADDON_TEST:-}"
     "ANMKIT_ADDON_KEEP=${ANMKIT_ADDON_KEEP:-}")
if [ -n "$chroot_root" ]; then
  # Every folder the test reads or writes, at its own path inside the chroot.
  folders=("$here/../.." "$(dirname "$zip")" "$examples" "$scratch")
  [ "$corpus" != - ] && folders+=("$corpus")
  [ "$vehicles" != - ] && folders+=("$vehicles")
  [ -n "${ANMKIT_ADDON_KEEP:-}" ] && folders+=("$ANMKIT_ADDON_KEEP")
  run=("$here/in_chroot.sh" "$chroot_root" "${folders[@]}" -- "${run[@]}")
  # Blender 4.2 and later: the extension, with the release's library, built and checked by that
  # Blender's own `extension build --split-platforms` and `extension validate`, and installed as a
  # user installs a downloaded one (`extension install-file`); the test enables and uses it.
  # (Its folder is the one scripts/package --linux-addon wrote beside the zip, of the same files.)
  source=$release_dir/extension
  [ -f "$source/blender_manifest.toml" ] || missing "the extension's folder $source (scripts/build makes it with the zip)"
  mkdir -p "$scratch/built"
  "${run[@]}" blender --factory-startup --command extension build --split-platforms --source-dir "$source" \
    --output-dir "$scratch/built" >"$scratch/extension.log" 2>&1 || { cat "$scratch/extension.log" >&2; exit 1; }
  zip=$(ls "$scratch"/built/anmkit_blender-*-linux_x64.zip)
  for step in "validate $zip" "install-file -r user_default -e $zip"; do
    # shellcheck disable=SC2086 # the step's words
    "${run[@]}" blender --factory-startup --command extension $step >"$scratch/extension.log" 2>&1 ||
      { cat "$scratch/extension.log" >&2; echo "run_addon_test.sh: extension $step failed" >&2; exit 1; }
  done
fi
"${run[@]}" blender -b --factory-startup --python-exit-code 1 --python "$here/addon_test.py" -- \
  "$zip" "$examples" "$corpus" "$scratch/work" "$vehicles"
