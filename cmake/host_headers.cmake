# The host's header-only libraries (Debian's -dev packages) for a build whose compiler is not the
# host's (WebAssembly, Windows): each library's folder or header is linked alone into
# BUILD/host-headers, which goes on the include path. The host's /usr/include itself never
# does, or its C library's headers would shadow the target's.
set(ANMKIT_HOST_INCLUDE /usr/include CACHE PATH "Where the host's header-only libraries are (fmt, nlohmann, tiny_gltf.h, CLI, stb)")
set(anmkit_host_headers ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${anmkit_host_headers})

# anmkit_link_host_headers(ENTRY...): each ENTRY a header below ANMKIT_HOST_INCLUDE (fmt/format.h
# links the folder fmt, tiny_gltf.h itself).
function(anmkit_link_host_headers)
  foreach(entry ${ARGN})
    if(NOT EXISTS ${ANMKIT_HOST_INCLUDE}/${entry})
      message(FATAL_ERROR "${ANMKIT_HOST_INCLUDE}/${entry} is missing: install the Debian packages of scripts/deps")
    endif()
    string(REGEX REPLACE "/.*" "" top ${entry})
    file(CREATE_LINK ${ANMKIT_HOST_INCLUDE}/${top} ${anmkit_host_headers}/${top} SYMBOLIC)
  endforeach()
endfunction()

# The same target names as the host's packages give, so the CMake files below link them alike.
function(anmkit_header_only_target name)
  add_library(${name} INTERFACE IMPORTED)
  set_target_properties(${name} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${anmkit_host_headers} ${ARGN})
endfunction()
