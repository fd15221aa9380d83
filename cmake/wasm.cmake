# The WebAssembly build's setup (included from the top CMakeLists.txt under Emscripten):
#
#   emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DANMKIT_WASM_OUTPUT_DIRECTORY=build/viewer
#   cmake --build build/wasm        # build/viewer/anmkit_wasm.js (scripts/build does both)
#
# Only the library's layers that the C API reaches are compiled (no images: PNG and GIF are the
# command's), and the third-party libraries are their header-only forms, taken from the host's
# include folder (Debian's nlohmann-json3-dev, libtinygltf-dev and libfmt-dev): nothing compiled
# for the host is linked. Each library's folder is linked alone into the build folder, which goes
# on the include path: the host's /usr/include itself never does, or its C library's headers
# would shadow Emscripten's.

if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
endif()
set(ANMKIT_WASM_HOST_INCLUDE /usr/include CACHE PATH "Where the host's fmt, nlohmann and tiny_gltf.h headers are")
set(ANMKIT_WASM_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/viewer CACHE PATH "Where anmkit_wasm.js is written")

set(anmkit_wasm_include ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${anmkit_wasm_include})
foreach(entry fmt/format.h nlohmann/json.hpp tiny_gltf.h)
  if(NOT EXISTS ${ANMKIT_WASM_HOST_INCLUDE}/${entry})
    message(FATAL_ERROR "${ANMKIT_WASM_HOST_INCLUDE}/${entry} is missing: install the Debian packages of scripts/deps")
  endif()
  string(REGEX REPLACE "/.*" "" top ${entry})  # the folder (fmt, nlohmann) or the lone header
  file(CREATE_LINK ${ANMKIT_WASM_HOST_INCLUDE}/${top} ${anmkit_wasm_include}/${top} SYMBOLIC)
endforeach()

# The same target names as the host's packages give, so src/CMakeLists.txt links them alike.
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${anmkit_wasm_include})
add_library(fmt::fmt INTERFACE IMPORTED)
set_target_properties(fmt::fmt PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${anmkit_wasm_include}
                                          INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)

# The library throws inside and catches at the C API's boundary: exceptions stay on (Emscripten
# turns catching off by default), when compiling and when linking.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
