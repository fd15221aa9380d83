# The tests of the Windows cross build (scripts/build-windows), run under wine by ctest
# (cmake/mingw-w64.cmake's emulator): the library's portable suite and the C API's test against
# the DLL. Left out here, run on Linux only: the skeleton search's and the references' tests,
# which build folders with symbolic links (wine has none), with names differing only in case
# (one name on Windows) and expect paths joined with `/` (the compare script checks the search
# under wine, through convert and batch of the vehicles); the property tests (rapidcheck, which Debian cannot
# give as a source package to cross-build), the tests that run Linux tools (Blender, the glTF
# validator, netpbm, assimp, shell scripts) and the POSIX file and signal tests, whose Windows
# counterparts are file_io_windows_test.cpp, windows/console_interrupt_test.cpp (Ctrl-C),
# windows/long_path_walk_test.cpp and tests/windows/compare_outputs.sh (the command under wine
# against the Linux build, byte for byte, names outside ASCII and batches included).
find_package(GTest REQUIRED)

set(ANMKIT_CORPUS_DIR "${PROJECT_SOURCE_DIR}/../shared/corpus" CACHE PATH
    "Folder of real game files (tests that need it skip when it is absent)")

include(portable_tests.cmake)
# The two processes around the one that console_interrupt_test.cpp interrupts.
add_executable(anmkit_console_interrupt_helper windows/console_interrupt_helper.cpp)
target_link_libraries(anmkit_console_interrupt_helper PRIVATE anmkit anmkit_warnings)

add_executable(anmkit_tests
  ${anmkit_portable_test_sources}
  core/file_io_windows_test.cpp
  windows/console_interrupt_test.cpp
  windows/long_path_walk_test.cpp
)
target_include_directories(anmkit_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/fuzz)
target_compile_definitions(anmkit_tests PRIVATE
  ANMKIT_CORPUS_DIR="${ANMKIT_CORPUS_DIR}"
  ANMKIT_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  ANMKIT_CLI="$<TARGET_FILE:anmkit_cli>"
  ANMKIT_MAKE_EXAMPLES="$<TARGET_FILE:anmkit_make_examples>"
  ANMKIT_CONSOLE_INTERRUPT_HELPER="$<TARGET_FILE:anmkit_console_interrupt_helper>")
target_link_libraries(anmkit_tests PRIVATE anmkit anmkit_c anmkit_cli_lib fmt::fmt GTest::gtest GTest::gtest_main
                                           PkgConfig::SPNG PkgConfig::GIF anmkit_warnings)
target_compile_options(anmkit_tests PRIVATE -Wno-sign-conversion -Wno-conversion -Wno-shadow)
add_dependencies(anmkit_tests anmkit_cli anmkit_make_examples anmkit_console_interrupt_helper)
include(GoogleTest)
# Listed when ctest runs (under wine), not at build time.
gtest_discover_tests(anmkit_tests DISCOVERY_TIMEOUT 120 DISCOVERY_MODE PRE_TEST)

# The C API from C against anmkit_c.dll.
include(capi_tests.cmake)
anmkit_capi_tests()
