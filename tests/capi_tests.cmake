# The C API from C (C99, pedantic, warnings as errors) against the shared library, for the Linux
# test build (tests/CMakeLists.txt) and the Windows one (windows_tests.cmake, under wine against
# anmkit_c.dll): every function and its error paths (CApi.EveryFunction), and figures, what a
# model shows, on the real vehicle folders against their own bytes (CApi.Figure; the vehicles'
# part skips without the corpus, failing under ANMKIT_REQUIRE_EXTERNALS).
enable_language(C)

# anmkit_capi_tests([LIBRARY...]): the two programs and their tests; LIBRARY: what else the C
# programs link (libm on Linux; mingw-w64 has it in its C runtime).
function(anmkit_capi_tests)
  foreach(program capi_test capi_figure_test)
    add_executable(anmkit_${program} capi/${program}.c)
    set_target_properties(anmkit_${program} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
    target_compile_options(anmkit_${program} PRIVATE -Wall -Wextra -pedantic -Werror)
    target_link_libraries(anmkit_${program} PRIVATE anmkit_c ${ARGN})
  endforeach()
  set(scratch ${CMAKE_CURRENT_BINARY_DIR}/capi_scratch)
  file(MAKE_DIRECTORY ${scratch})
  add_test(NAME CApi.EveryFunction COMMAND anmkit_capi_test ${PROJECT_SOURCE_DIR}/examples ${scratch})
  set_tests_properties(CApi.EveryFunction PROPERTIES PASS_REGULAR_EXPRESSION " 0 failed\n")
  add_test(NAME CApi.Figure
           COMMAND anmkit_capi_figure_test ${PROJECT_SOURCE_DIR}/examples ${ANMKIT_CORPUS_DIR}/gem-vehicles ${scratch})
  set_tests_properties(CApi.Figure PROPERTIES SKIP_RETURN_CODE 77)
endfunction()
