# A build that links nothing beyond the system's libraries (included from the top CMakeLists.txt
# when ANMKIT_DEPS_PREFIX is set): the Windows cross build (scripts/build-windows) and the
# release's self-contained Linux C library (scripts/package).
#
# libspng, giflib and libsquish are the static archives that scripts/build-static-deps compiles
# from Debian's source packages into ANMKIT_DEPS_PREFIX; fmt is header-only; nlohmann-json,
# tinygltf, CLI11 and stb_image are the host's headers (cmake/host_headers.cmake); zlib is the
# target's static archive (Windows: Debian's libz-mingw-w64-dev; Linux: zlib1g-dev).
foreach(lib spng gif squish)
  if(NOT EXISTS ${ANMKIT_DEPS_PREFIX}/lib/lib${lib}.a)
    message(FATAL_ERROR "${ANMKIT_DEPS_PREFIX}/lib/lib${lib}.a is missing: run scripts/build-static-deps")
  endif()
endforeach()

# find_package(GTest) of the Windows tests finds the one built into the prefix.
list(APPEND CMAKE_FIND_ROOT_PATH ${ANMKIT_DEPS_PREFIX})
list(APPEND CMAKE_PREFIX_PATH ${ANMKIT_DEPS_PREFIX})

include(${CMAKE_CURRENT_LIST_DIR}/host_headers.cmake)
anmkit_link_host_headers(fmt/format.h nlohmann/json.hpp tiny_gltf.h CLI/CLI.hpp stb/stb_image.h)
anmkit_header_only_target(nlohmann_json::nlohmann_json)
anmkit_header_only_target(fmt::fmt INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)
anmkit_header_only_target(CLI11::CLI11)
set(ANMKIT_STB_INCLUDE_DIR ${anmkit_host_headers}/stb)

find_library(ANMKIT_ZLIB_ARCHIVE NAMES libz.a REQUIRED)
# anmkit_static_archive(TARGET ARCHIVE [LINKED...]): an imported static library with its headers
# in the prefix.
function(anmkit_static_archive name archive)
  add_library(${name} STATIC IMPORTED)
  set_target_properties(${name} PROPERTIES IMPORTED_LOCATION ${archive}
                                           INTERFACE_INCLUDE_DIRECTORIES ${ANMKIT_DEPS_PREFIX}/include
                                           INTERFACE_LINK_LIBRARIES "${ARGN}")
endfunction()
anmkit_static_archive(anmkit_zlib ${ANMKIT_ZLIB_ARCHIVE})
anmkit_static_archive(PkgConfig::SPNG ${ANMKIT_DEPS_PREFIX}/lib/libspng.a anmkit_zlib)
set_property(TARGET PkgConfig::SPNG PROPERTY INTERFACE_COMPILE_DEFINITIONS SPNG_STATIC)
anmkit_static_archive(PkgConfig::GIF ${ANMKIT_DEPS_PREFIX}/lib/libgif.a)
anmkit_static_archive(squish::squish ${ANMKIT_DEPS_PREFIX}/lib/libsquish.a)

if(WIN32)
  # anmkit.exe and anmkit_c.dll need no DLL beyond Windows' own: the C++ runtime, libgcc and
  # winpthread linked in. No link timestamp in the PE header: the same bytes on every build.
  add_link_options(-static -Wl,--no-insert-timestamp)
endif()
