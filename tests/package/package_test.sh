#!/usr/bin/env bash
# The release packages (scripts/package, docs/packages.md): written twice into two folders, every
# file must be the same bytes; then check_packages.py checks what they hold (names with VERSION,
# the Linux programs needing only the C and C++ runtimes, the Windows ones only Windows' own DLLs,
# the add-on with both libraries, the wheels' tags and installs, the viewer, and
# THIRD_PARTY_NOTICES in every package with binaries, naming each library they carry). Under wine, when it
# is there, anmkit.exe from the zip runs. Not part of scripts/test (which stays Linux-only):
# .ci/run runs it. The first run builds what is missing (build-release/, build-windows/,
# build/viewer/); the second builds nothing.
#
# Usage: tests/package/package_test.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}

start=$SECONDS
scripts/package --out "$work/first"
first=$((SECONDS - start))
start=$SECONDS
scripts/package --out "$work/second" >/dev/null
second=$((SECONDS - start))

# The same bytes on two runs of the same commit.
if ! diff <(cd "$work/first" && ls -A) <(cd "$work/second" && ls -A); then
  echo "package_test: the two runs wrote different files" >&2
  exit 1
fi
for f in "$work/first"/*; do
  if ! cmp "$f" "$work/second/$(basename "$f")"; then
    echo "package_test: $(basename "$f") differs between two runs of the same commit" >&2
    exit 1
  fi
done
echo "package_test: two runs, the same $(ls "$work/first" | wc -l) files byte for byte (${first} s, then ${second} s)"

"$python" tests/package/check_packages.py "$work/first" "$epoch" "$python"

# The Windows command from the zip, under wine: it starts, links nothing missing, says the version.
version=$(cat VERSION)
wine=/usr/lib/wine/wine64
[ -x "$wine" ] || wine=$(command -v wine64 || command -v wine || true)
if [ -n "$wine" ]; then
  mkdir "$work/exe"
  (cd "$work/exe" && unzip -q "$work/first/anmkit-$version-windows-x86_64.zip")
  out=$(WINEDEBUG=-all "$wine" "$work/exe/anmkit-$version-windows-x86_64/anmkit.exe" --version | tr -d '\r')
  if [ "$out" != "anmkit $version" ]; then
    echo "package_test: anmkit.exe --version under wine says '$out', not 'anmkit $version'" >&2
    exit 1
  fi
  echo "package_test: anmkit.exe --version under wine: $out"
elif [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" = 1 ]; then
  echo "package_test: no wine to run anmkit.exe (scripts/build-windows installs it)" >&2
  exit 1
else
  echo "package_test: no wine: anmkit.exe not run (scripts/build-windows installs it)"
fi
# The release add-on in Blender: installed from the zip as a user does, it loads the Linux library
# beside the DLL and opens a file.
if command -v /usr/bin/blender >/dev/null 2>&1; then
  cat >"$work/probe.py" <<'EOF'
import sys, bpy
zip_path, example = sys.argv[sys.argv.index("--") + 1:]
bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
bpy.ops.preferences.addon_enable(module="anmkit_blender")
import anmkit_blender.anmkit as anmkit
print("probe:", anmkit.__version__, anmkit._capi._path.rsplit("/", 1)[1], anmkit.open(example).format)
EOF
  # /usr/bin first: another Python earlier on PATH (pyenv) makes Debian's Blender lose its NumPy.
  out=$(env -u ANMKIT_LIBRARY PATH=/usr/bin:$PATH BLENDER_USER_SCRIPTS="$work/blender/scripts" \
          BLENDER_USER_CONFIG="$work/blender/config" /usr/bin/blender -b --factory-startup --python-exit-code 1 \
          --python "$work/probe.py" -- "$work/first/anmkit_blender-$version.zip" "$PWD/examples/turret_v60.anm" 2>&1 |
        grep '^probe:' || true)
  if [ "$out" != "probe: $version libanmkit_c.so gem" ]; then
    echo "package_test: the release add-on in Blender: '$out'" >&2
    exit 1
  fi
  echo "package_test: the release add-on in Blender: $out"
elif [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" = 1 ]; then
  echo "package_test: no Blender to install the add-on in (scripts/deps installs it)" >&2
  exit 1
else
  echo "package_test: no Blender: the release add-on not installed in it"
fi
echo "package_test: passed"
