#!/usr/bin/env bash
# The README's install command for the Python package, on a new virtual environment with no
# network: pip takes the wheel from build/python, then `python -m anmkit info` works from
# anywhere (the installed copy, not the checkout).
# Usage: wheel_install_test.sh PYTHON WHEEL_DIR EXAMPLE.anm
set -euo pipefail
python=$1 wheels=$(realpath "$2") example=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv"
cd "$work"
"$work/venv/bin/pip" install --quiet --no-index --find-links "$wheels" anmkit
out=$(env -u PYTHONPATH -u ANMKIT_LIBRARY "$work/venv/bin/python" -m anmkit info "$example")
echo "$out"
where=$(env -u PYTHONPATH -u ANMKIT_LIBRARY "$work/venv/bin/python" -c 'import anmkit; print(anmkit.__file__)')
case "$where" in
  "$work"/venv/*) ;;
  *) echo "anmkit was imported from $where, not from the virtual environment" >&2; exit 1 ;;
esac
grep -q "turret_v60.anm" <<<"$out"
grep -q "GEM" <<<"$out"
