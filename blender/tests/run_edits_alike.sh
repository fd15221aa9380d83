#!/bin/bash
# The same edits made in several Blenders (run_addon_test.sh's tests whose names hold "edit"),
# exported to the same bytes: each edited .anm that the first Blender wrote is the one every other
# wrote. SUITE is a Debian suite whose Blender runs them: bookworm (the host's, 3.4), trixie
# (4.3) or sid (5.2), the newer two in their chroots (scripts/blender-chroot): a skip without
# them, a failure under ANMKIT_REQUIRE_EXTERNALS.
# Usage: run_edits_alike.sh ADDON_DIR EXAMPLES CORPUS SUITE SUITE...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../tests/support/externals.sh"
addon_dir=$1 examples=$2 corpus=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for suite in "$@"; do
  mkdir -p "$work/$suite"
  chroot_suite=$suite
  [ "$suite" = bookworm ] && chroot_suite=
  set +e
  ANMKIT_ADDON_TEST=edit ANMKIT_ADDON_KEEP="$work/$suite" \
    bash "$here/run_addon_test.sh" "$addon_dir" "$examples" "$corpus" $chroot_suite >"$work/$suite.log" 2>&1
  code=$?
  set -e
  if [ "$code" = 77 ]; then
    grep skipped "$work/$suite.log" >&2 || true
    exit 77
  elif [ "$code" != 0 ]; then
    cat "$work/$suite.log" >&2
    echo "run_edits_alike.sh: the edits failed in $suite's Blender" >&2
    exit 1
  fi
done
first=$1
shift
count=$(ls "$work/$first" | wc -l)
[ "$count" -ge 3 ] || { echo "run_edits_alike.sh: only $count edits were exported in $first's Blender" >&2; exit 1; }
for suite in "$@"; do
  for f in "$work/$first"/*.anm; do
    cmp "$f" "$work/$suite/$(basename "$f")" ||
      { echo "run_edits_alike.sh: $(basename "$f") differs between $first's Blender and $suite's" >&2; exit 1; }
  done
done
echo "run_edits_alike.sh: $count edits, the same bytes from the Blenders of $first $*: $(cd "$work/$first" && ls | tr '\n' ' ')"
