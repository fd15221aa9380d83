# Sourced by the shell test runners (Blender add-on, viewer, WebAssembly): what tests/support/
# externals.hpp is to the C++ tests. A missing outside tool is a skip (exit 77, ctest's
# SKIP_RETURN_CODE), or a failure when ANMKIT_REQUIRE_EXTERNALS is set and not 0 (CI).
missing() {
  if [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" != 0 ]; then
    echo "missing: $1; ANMKIT_REQUIRE_EXTERNALS is set" >&2
    exit 1
  fi
  echo "skipped: missing $1" >&2
  exit 77
}

# $corpus becomes "-" when the folder is absent (for tests that only add it to what they check);
# a failure under ANMKIT_REQUIRE_EXTERNALS.
corpus_or_none() {
  if [ ! -d "$corpus" ]; then
    [ "${ANMKIT_REQUIRE_EXTERNALS:-0}" != 0 ] && missing "the corpus folder $corpus"
    corpus=-
  fi
  return 0
}
