# The WebAssembly build's setup (included from the top CMakeLists.txt under Emscripten):
#
#   emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DANMKIT_WASM_OUTPUT_DIRECTORY=build/viewer
#   cmake --build build/wasm        # build/viewer/anmkit_wasm.js (scripts/build does both)
#
# Only the library's layers that the C API reaches are compiled (no images: PNG and GIF are the
# command's), and the third-party libraries are their header-only forms, taken from the host's
# include folder (Debian's nlohmann-json3-dev, libtinygltf-dev and libfmt-dev; cmake/host_headers.cmake):
# nothing compiled for the host is linked.

if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
endif()
set(ANMKIT_WASM_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/viewer CACHE PATH "Where anmkit_wasm.js is written")

include(${CMAKE_CURRENT_LIST_DIR}/host_headers.cmake)
anmkit_link_host_headers(fmt/format.h nlohmann/json.hpp tiny_gltf.h)
anmkit_header_only_target(nlohmann_json::nlohmann_json)
anmkit_header_only_target(fmt::fmt INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)

# The library throws inside and catches at the C API's boundary: exceptions stay on (Emscripten
# turns catching off by default), when compiling and when linking.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
