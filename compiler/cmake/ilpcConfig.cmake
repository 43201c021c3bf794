# ilpcConfig.cmake - CMake package for ilpc, the ASN.1 -> XDR/C stub compiler.
#
#   find_package(ilpc 0.1 CONFIG REQUIRED)   # with -Dilpc_DIR="$(ilpc --cmake-dir)"
#                                            # or the ilpc environment's prefix on CMAKE_PREFIX_PATH
#   ilpc_add_library(<target>
#       SPECS a.asn1 [b.asn1 ...]    # relative paths: to CMAKE_CURRENT_SOURCE_DIR
#       [INCLUDE_DIRS dir ...]       # searched for imported modules (ilpc -I)
#       [OUTPUT_DIR dir]             # default: ${CMAKE_CURRENT_BINARY_DIR}/<target>.ilpc
#       [OPTIONS opt ...])           # more ilpc options, e.g. --ilp-calls
#
# makes a static library <target> from the generated stubs, their type table (type_table.c)
# and the ilpc runtime, with the output directory as its PUBLIC include directory, compiled
# as C11.  Its generated headers have extern "C", so C++ targets can link it too.  The
# project must enable C.  The runtime's two programs, ilpc_harness.c and ilpc_fuzz.c, are
# not in the library; a project that wants the harness builds it from the library:
#
#   get_target_property(_dir <target> ILPC_OUTPUT_DIR)
#   add_executable(<target>_harness "${_dir}/ilpc_harness.c")
#   target_link_libraries(<target>_harness PRIVATE <target>)
#
# The list of generated files depends on the module names inside the specs, so it is asked
# from `ilpc --list-outputs` when CMake configures, and CMake configures again when a spec
# (or a spec it imports) changes.  At build time ilpc runs when a spec or an imported spec
# is newer than the last run (`ilpc --depfile`), and rewrites only the outputs whose
# content changed, so only what depends on them recompiles.
#
# OpenSSL's libcrypto (3.0 or newer) gives the runtime its authenticated ciphers
# (ilpc_evp.c, docs/ciphers.md): when find_package(OpenSSL COMPONENTS Crypto) finds it, the
# library is compiled with ILPC_HAVE_LIBCRYPTO=1 and links OpenSSL::Crypto (which comes
# along to whatever links the library); when not, it is built without.  -DILPC_WITH_LIBCRYPTO=OFF
# builds without it even when it is there.
#
# Variables: ILPC_EXECUTABLE (cache; the ilpc program), ILPC_WITH_LIBCRYPTO (cache option,
# default ON), ilpc_VERSION.

if(CMAKE_VERSION VERSION_LESS 3.20)  # DEPFILE with Makefile generators
  set(ilpc_FOUND FALSE)
  set(ilpc_NOT_FOUND_MESSAGE "ilpc's CMake functions need CMake 3.20 or newer, this is ${CMAKE_VERSION}")
  return()
endif()

include("${CMAKE_CURRENT_LIST_DIR}/ilpcConfigVersion.cmake")
set(ilpc_VERSION "${PACKAGE_VERSION}")
unset(PACKAGE_VERSION_COMPATIBLE)
unset(PACKAGE_VERSION_EXACT)
unset(PACKAGE_VERSION_UNSUITABLE)

# The ilpc program that belongs to this package: in a virtual environment or under a
# prefix, this file is <prefix>/lib/pythonX.Y/site-packages/ilpc/cmake/ilpcConfig.cmake
# and ilpc is <prefix>/bin/ilpc; otherwise (e.g. an editable install) ilpc on the PATH.
get_filename_component(_ilpc_prefix "${CMAKE_CURRENT_LIST_DIR}/../../../../.." ABSOLUTE)
find_program(ILPC_EXECUTABLE NAMES ilpc
             HINTS "${_ilpc_prefix}/bin" "${_ilpc_prefix}/Scripts"
             DOC "The ilpc stub compiler")
unset(_ilpc_prefix)

if(NOT ILPC_EXECUTABLE)
  set(ilpc_FOUND FALSE)
  set(ilpc_NOT_FOUND_MESSAGE "the ilpc program was not found: put it on the PATH or set ILPC_EXECUTABLE")
  return()
endif()

execute_process(COMMAND "${ILPC_EXECUTABLE}" --cmake-dir
                OUTPUT_VARIABLE _ilpc_dir OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE _ilpc_rc ERROR_QUIET)
if(NOT _ilpc_rc EQUAL 0)
  set(ilpc_FOUND FALSE)
  set(ilpc_NOT_FOUND_MESSAGE "${ILPC_EXECUTABLE} --cmake-dir failed (an ilpc older than 0.1?)")
  return()
endif()
file(REAL_PATH "${_ilpc_dir}" _ilpc_dir)
file(REAL_PATH "${CMAKE_CURRENT_LIST_DIR}" _ilpc_here)
if(NOT _ilpc_dir STREQUAL _ilpc_here)
  message(WARNING "ilpc: ${ILPC_EXECUTABLE} belongs to the ilpc package in ${_ilpc_dir}, "
                  "not to this one (${_ilpc_here}); set ILPC_EXECUTABLE to choose another program.")
endif()
unset(_ilpc_dir)
unset(_ilpc_here)
unset(_ilpc_rc)

option(ILPC_WITH_LIBCRYPTO "ilpc_add_library: use OpenSSL's libcrypto for the AEAD ciphers when it is found" ON)

if(NOT COMMAND ilpc_add_library)
# Functions record the policies in force where they are defined; the ones below want the
# behaviour of CMake 3.20+ for DEPFILE paths (CMP0116) whatever the calling project says.
cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.28)

function(ilpc_add_library target)
  cmake_parse_arguments(PARSE_ARGV 1 _ilpc "" "OUTPUT_DIR" "SPECS;INCLUDE_DIRS;OPTIONS")
  if(_ilpc_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ilpc_add_library(${target}): unknown arguments: ${_ilpc_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT _ilpc_SPECS)
    message(FATAL_ERROR "ilpc_add_library(${target}): SPECS is required")
  endif()
  get_property(_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "C" IN_LIST _langs)
    message(FATAL_ERROR "ilpc_add_library(${target}): the generated stubs are C; enable the C "
                        "language, e.g. project(<name> C CXX) or enable_language(C)")
  endif()

  set(_specs "")
  foreach(_s IN LISTS _ilpc_SPECS)
    get_filename_component(_s "${_s}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND _specs "${_s}")
  endforeach()
  set(_args "")
  foreach(_d IN LISTS _ilpc_INCLUDE_DIRS)
    get_filename_component(_d "${_d}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND _args -I "${_d}")
  endforeach()
  if(NOT _ilpc_OUTPUT_DIR)
    set(_ilpc_OUTPUT_DIR "${target}.ilpc")
  endif()
  get_filename_component(_out "${_ilpc_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  list(APPEND _args ${_ilpc_OPTIONS} ${_specs} -o "${_out}")
  set(_stamp "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.ilpc.stamp")
  set(_depfile "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.ilpc.d")

  # What ilpc will write, and what it reads (CMake configures again when one of those changes).
  foreach(_what IN ITEMS outputs inputs)
    execute_process(COMMAND "${ILPC_EXECUTABLE}" --list-${_what} ${_args}
                    OUTPUT_VARIABLE _list ERROR_VARIABLE _err RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "ilpc_add_library(${target}): ilpc failed:\n${_err}")
    endif()
    string(REGEX REPLACE "\n$" "" _list "${_list}")
    string(REPLACE "\n" ";" _${_what} "${_list}")
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_inputs})

  set(_sources ${_outputs})
  list(FILTER _sources INCLUDE REGEX "\\.[ch]$")
  # the runtime's test programs (a main(), a fuzz target's entry point); the type table stays
  list(FILTER _sources EXCLUDE REGEX "/ilpc_(harness|fuzz)\\.c$")

  # The command depends on every spec read, imports included, as listed now and -- should a
  # build run before CMake configures again -- as ilpc's depfile says after each run.
  # The stamp is the command's output: it is touched on every run, while the generated
  # files are byproducts rewritten only when their content changes (Ninja restats them;
  # with Make they keep their times), so an unchanged header recompiles nothing.
  add_custom_command(
    OUTPUT "${_stamp}"
    BYPRODUCTS ${_outputs}
    COMMAND "${ILPC_EXECUTABLE}" ${_args} --depfile "${_depfile}" --stamp "${_stamp}"
    DEPENDS ${_inputs} "${ILPC_EXECUTABLE}"
    DEPFILE "${_depfile}"
    COMMENT "ilpc: generating ${target} sources in ${_out}"
    VERBATIM)

  add_library(${target} STATIC ${_sources} "${_stamp}")
  target_include_directories(${target} PUBLIC "${_out}")
  # libcrypto, looked for here (in the caller's directory, where the imported target lives).
  set(_crypto "without libcrypto (ILPC_WITH_LIBCRYPTO is OFF)")
  if(ILPC_WITH_LIBCRYPTO)
    find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto)
    if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
      target_compile_definitions(${target} PRIVATE ILPC_HAVE_LIBCRYPTO=1)
      target_link_libraries(${target} PUBLIC OpenSSL::Crypto)
      set(_crypto "with libcrypto (OpenSSL ${OPENSSL_VERSION})")
    else()
      set(_crypto "without libcrypto (OpenSSL 3 not found)")
    endif()
  endif()
  message(STATUS "ilpc_add_library(${target}): ${_crypto}")
  set_target_properties(${target} PROPERTIES
    C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF LINKER_LANGUAGE C
    ILPC_OUTPUT_DIR "${_out}" ILPC_OUTPUTS "${_outputs}" ILPC_SPECS "${_inputs}")
endfunction()

cmake_policy(POP)
endif()
