#!/usr/bin/env bash
# The Windows command under wine against the Linux one, byte for byte (issue 27): the same
# commands on the examples and ../shared/corpus (single GEM files and whole vehicle folders),
# run by each build from one staging folder with the same relative paths, must write the same
# files and print the same text with the same exit status. Paths that the program joins itself
# (folder walks) follow the platform's separator: those lines are compared with `\` read as `/`.
# Also: names outside ASCII (tür, 日本, dossier_été) in files, folders and a .mdl's sequences, a
# batch run again over its own outputs, which must replace them (Windows' rename() does not, and
# mingw's st_ino of 0 made every output look like the input), and the benchmark corpus generator.
#
#   tests/windows/compare_outputs.sh LINUX_ANMKIT WINDOWS_ANMKIT_EXE EXAMPLES CORPUS WORK
#
# Exit 77 (skipped) without wine or the Windows build, unless ANMKIT_REQUIRE_EXTERNALS is set.
set -euo pipefail
linux="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
windows="$(cd "$(dirname "$2")" 2>/dev/null && pwd)/$(basename "$2")" || windows="$2"
examples="$(cd "$3" && pwd)"
corpus="$4"
work="$5"
here="$(cd "$(dirname "$0")" && pwd)"
wine_run="$here/../../cmake/wine-run"

skip() {
  if [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" != 0 ]; then
    echo "FAIL: $1 (ANMKIT_REQUIRE_EXTERNALS is set)" >&2
    exit 1
  fi
  echo "SKIP: $1" >&2
  exit 77
}
[ -x /usr/lib/wine/wine64 ] || command -v wine64 >/dev/null 2>&1 || skip "no wine (scripts/build-windows installs it)"
[ -f "$windows" ] || skip "no Windows build at $windows (scripts/build-windows)"

rm -rf "$work"
mkdir -p "$work/in/examples" "$work/linux" "$work/windows"
cp "$examples"/* "$work/in/examples/"
have_corpus=0
if [ -d "$corpus/gem" ] && [ -d "$corpus/gem-vehicles" ]; then
  have_corpus=1
  mkdir -p "$work/in/gem" "$work/in/vehicles"
  cp "$corpus"/gem/*.anm "$corpus"/gem/*.mdl "$work/in/gem/"
  cp -r "$corpus"/gem-vehicles/* "$work/in/vehicles/"
elif [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" != 0 ]; then
  echo "FAIL: no corpus at $corpus (ANMKIT_REQUIRE_EXTERNALS is set)" >&2
  exit 1
else
  echo "note: no corpus at $corpus: the examples only" >&2
fi
# Names outside ASCII: a folder, a file, and a model whose sequence file is named so.
unicode="in/dossier_été/日本"
mkdir -p "$work/$unicode"
cp "$examples/turret_v60.anm" "$work/$unicode/tür.anm"
cp "$examples/mansion_door.anm" "$work/$unicode/日本.anm"
cp "$examples/mansion_door.bin" "$work/$unicode/日本.bin"

cd "$work"
failures=0
commands=0
wine_notes=0  # commands whose stderr held wine's own words (run() leaves them out)
# run NAME ARGS...: the command under both builds; OUT in an argument is each build's own folder.
run() {
  local name="$1"
  shift
  local linux_args=() windows_args=()
  for a in "$@"; do
    linux_args+=("${a//OUT/linux}")
    windows_args+=("${a//OUT/windows}")
  done
  local lrc=0 wrc=0
  "$linux" "${linux_args[@]}" >"linux/$name.stdout" 2>"linux/$name.stderr" || lrc=$?
  "$wine_run" "$windows" "${windows_args[@]}" >"windows/$name.stdout" 2>"windows/$name.stderr" || wrc=$?
  commands=$((commands + 1))
  if [ $lrc != $wrc ]; then
    echo "FAIL $name: exit $lrc on Linux, $wrc on Windows: $*" >&2
    sed 's/^/  windows: /' "windows/$name.stderr" | head -5 >&2
    failures=$((failures + 1))
  fi
  # Wine's own words on stderr ("wine: Unhandled page fault ... (thread 0078), starting debugger"),
  # which one run in a few hundred printed from a thread of wine's while the program ran to the
  # end with Linux's output and exit code) are not the program's: left out, and counted. A crash
  # of the program itself changes its exit code or its stdout, compared above and below.
  if grep -q '^wine: ' "windows/$name.stderr"; then
    echo "note $name: wine said: $(grep '^wine: ' "windows/$name.stderr" | head -1)" >&2
    wine_notes=$((wine_notes + 1))
    grep -v '^wine: ' "windows/$name.stderr" >"windows/$name.stderr.program" || true
    mv "windows/$name.stderr.program" "windows/$name.stderr"
  fi
  local stream
  for stream in stdout stderr; do
    # Paths joined by the program: `\` on Windows; each build's own output folder named in its text.
    if ! cmp -s "linux/$name.$stream" <(tr '\\' '/' <"windows/$name.$stream" | sed 's#windows/#linux/#g'); then
      echo "FAIL $name: $stream differs: $*" >&2
      diff <(cat "linux/$name.$stream") <(tr '\\' '/' <"windows/$name.$stream" | sed 's#windows/#linux/#g') | head -8 >&2 || true
      failures=$((failures + 1))
    fi
  done
}

anims=(in/examples/*.anm)
[ $have_corpus = 1 ] && anims+=(in/gem/*.anm)
for f in "${anims[@]}" "$unicode/tür.anm" "$unicode/日本.anm"; do
  n=$(echo "$f" | tr '/' '_')
  run "info-$n" info "$f"
  run "validate-$n" validate "$f"
  run "dump-$n" dump "$f" -o "OUT/$n.json"
  run "sample-$n" sample "$f" --frame 3
  case "$f" in
    *ghost_mm2.anm)
      run "sheet-$n" convert "$f" -o "OUT/$n.png"
      run "gif-$n" convert "$f" -o "OUT/$n.gif"
      run "frames-$n" convert "$f" -o "OUT/$n-frames/"
      run "import-$n" convert "OUT/$n-frames" --base "$f" -o "OUT/$n-back.anm"
      ;;
    *)
      run "glb-$n" convert "$f" -o "OUT/$n.glb"
      run "gltf-$n" convert "$f" -o "OUT/$n.gltf"
      to=gem-6.1
      case "$f" in *mansion* | *日本*) to=lm ;; esac
      run "back-$n" convert "OUT/$n.glb" --base "$f" --to "$to" -o "OUT/$n-back.anm"
      run "refit-$n" convert "OUT/$n.gltf" --to "$to" -o "OUT/$n-refit.anm"
      ;;
  esac
done
run "dump-to-stdout" dump in/examples/turret_v60.anm -o -
run "refuse-input" convert in/examples/turret_v40.anm --to gem-4.0 -o in/examples/turret_v40.anm
run "versions-turret" convert in/examples/turret_v60.anm --to gem-4.0 -o OUT/turret_v40.anm
run "repack-lm" convert in/examples/mansion_door.anm --repack -o OUT/mansion_repacked.anm
if [ $have_corpus = 1 ]; then
  # A model whose sequence names its file outside ASCII.
  sed 's/{sequence "fire"}/{sequence "fire" {file "fëuer_日本.anm"}}/' in/gem/goh_e25_tank-e-25.mdl >"$unicode/modèle_日本.mdl"
  grep -q 'fëuer_日本.anm' "$unicode/modèle_日本.mdl" || { echo "FAIL: the model's sequence was not renamed" >&2; exit 1; }
  cp in/gem/goh_e25_fire.anm "$unicode/fëuer_日本.anm"
  for m in in/gem/*.mdl in/vehicles/*/*.mdl "$unicode/modèle_日本.mdl"; do
    n=$(echo "$m" | tr '/' '_')
    run "info-$n" info "$m"
    run "glb-$n" convert "$m" -o "OUT/$n.glb"
  done
fi
# Batches: every file of the staging folder, twice into the same folders (the second run replaces
# its own outputs), and a folder walk's listing.
for kind in json glb; do
  run "batch-$kind" batch in --to "$kind" -o "OUT/batch-$kind" -j 2 -q
  run "batch-$kind-again" batch in --to "$kind" -o "OUT/batch-$kind" -j 2 -q
done
run "info-folder" info in
# The benchmark corpus (tools/make_corpus, beside each command when the whole project was built):
# the same files from the same seed, no C library function deciding a bit.
corpus_tool_linux="$(dirname "$linux")/anmkit_make_corpus"
corpus_tool_windows="$(dirname "$windows")/anmkit_make_corpus.exe"
if [ -x "$corpus_tool_linux" ] && [ -f "$corpus_tool_windows" ]; then
  "$corpus_tool_linux" linux/bench-corpus 1000 1 >/dev/null
  "$wine_run" "$corpus_tool_windows" windows/bench-corpus 1000 1 >/dev/null
  commands=$((commands + 1))
else
  echo "note: no anmkit_make_corpus beside both commands: the benchmark corpus is not compared" >&2
fi

# Every file written, byte for byte (the commands' text was compared above).
while IFS= read -r -d '' f; do
  rel="${f#linux/}"
  case "$rel" in *.stdout | *.stderr) continue ;; esac
  if [ ! -f "windows/$rel" ]; then
    echo "FAIL: windows/$rel missing" >&2
    failures=$((failures + 1))
  elif ! cmp -s "$f" "windows/$rel"; then
    echo "FAIL: $rel differs: $(cmp "$f" "windows/$rel" 2>&1 | head -1)" >&2
    failures=$((failures + 1))
  fi
done < <(find linux -type f -print0)
written=$(find linux -type f ! -name '*.stdout' ! -name '*.stderr' | wc -l)
extra=$(cd windows && find . -type f ! -name '*.stdout' ! -name '*.stderr' | wc -l)
if [ "$written" != "$extra" ]; then
  echo "FAIL: Linux wrote $written files, Windows $extra" >&2
  failures=$((failures + 1))
fi
# No temporary file left anywhere.
if find linux windows -name '.anmkit-tmp-*' | grep -q .; then
  echo "FAIL: temporary files left: $(find linux windows -name '.anmkit-tmp-*' | head -3)" >&2
  failures=$((failures + 1))
fi
[ "$written" -gt 20 ] || { echo "FAIL: only $written files written" >&2; failures=$((failures + 1)); }
echo "$commands commands, $written files: $failures failures; wine spoke in $wine_notes"
[ $failures = 0 ]
