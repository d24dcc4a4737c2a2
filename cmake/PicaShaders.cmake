# PicaShaders.cmake: build 3DS shaders from GLSL (and assembly) sources with this toolchain, beside
# devkitPro's ctr_add_shader_library (which runs picasso on .v.pica/.g.pica sources).
#
#   list(APPEND CMAKE_MODULE_PATH /path/to/pica-toolchain/cmake)
#   include(PicaShaders)
#   pica_add_shader_library(lit_shaders
#       SOURCES shaders/lit.vert                 # GLSL vertex and geometry shaders (.vert, .geom), .vsh/.gsh, .pica, objects
#       [OUTPUT lit.shbin]                       # default: ${target}.shbin in the binary dir
#       [INCLUDE_DIRECTORIES shaders/include]    # -I
#       [DEFINES QUALITY=2])                     # -D
#
# The sources are linked into one .shbin in the order given (picalink, which compiles .vert and .geom
# through the GLSL compiler; a vertex shader then its geometry shader are DVLE 0 and 1), as ctr_add_shader_library builds its sources into one picasso run. The
# target is named as devkitPro's is, and when devkitPro's CMake support is loaded its file is
# registered the same way (dkp_set_target_file), so dkp_add_embedded_binary_library(shaders
# lit_shaders) embeds it and the program includes lit_shaders_shbin.h. The depfile picalink writes
# (-MD -MF) lets CMake rebuild the binary when an #include'd file changes (CMake 3.20+ for the
# Makefile generators, any version for Ninja). docs/glsl.md, README "In a CMake build".
#
# PICA_LINK: picalink to run (default: found on PATH, else this clone's bin/picalink).

if(NOT PICA_LINK)
  find_program(PICA_LINK picalink HINTS "${CMAKE_CURRENT_LIST_DIR}/../bin")
endif()

function(pica_add_shader_library target)
  cmake_parse_arguments(PARSE_ARGV 1 PICA "" "OUTPUT" "SOURCES;INCLUDE_DIRECTORIES;DEFINES")
  if(NOT PICA_LINK)
    message(FATAL_ERROR "pica_add_shader_library: picalink not found: put the toolchain's bin/ on PATH or set PICA_LINK")
  endif()
  if(NOT PICA_SOURCES)
    set(PICA_SOURCES ${PICA_UNPARSED_ARGUMENTS})
  endif()
  if(NOT PICA_SOURCES)
    message(FATAL_ERROR "pica_add_shader_library(${target}): no sources (SOURCES a.vert b.vsh ...)")
  endif()
  if(PICA_OUTPUT)
    get_filename_component(out "${PICA_OUTPUT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  else()
    set(out "${CMAKE_CURRENT_BINARY_DIR}/${target}.shbin")
  endif()
  set(sources "")
  foreach(s IN LISTS PICA_SOURCES)
    get_filename_component(s "${s}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND sources "${s}")
  endforeach()
  set(args "")
  foreach(d IN LISTS PICA_INCLUDE_DIRECTORIES)
    get_filename_component(d "${d}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND args "-I${d}")
  endforeach()
  foreach(d IN LISTS PICA_DEFINES)
    list(APPEND args "-D${d}")
  endforeach()
  set(depfile_args "")
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.20 OR CMAKE_GENERATOR MATCHES "Ninja")
    set(depfile_args DEPFILE "${out}.d")
    list(APPEND args -MD -MF "${out}.d")
  endif()
  add_custom_command(
    OUTPUT "${out}"
    COMMAND "${PICA_LINK}" ${sources} ${args} -o "${out}"
    DEPENDS ${sources}
    ${depfile_args}
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    COMMENT "Building shader library ${target}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS "${out}")
  set_target_properties(${target} PROPERTIES PICA_SHBIN "${out}")
  if(COMMAND dkp_set_target_file)
    dkp_set_target_file(${target} "${out}")
  endif()
endfunction()
