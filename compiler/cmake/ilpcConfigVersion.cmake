# ilpcConfigVersion.cmake - the version of this ilpc package, for find_package(ilpc <version>).
# It is read from the Python package's __init__.py next to this directory, the one place
# the version is written.  Before 1.0 a different minor version is incompatible.

file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/../__init__.py" _ilpc_version_line
     REGEX "^__version__ *= *\"[^\"]*\"")
string(REGEX REPLACE "^__version__ *= *\"([^\"]*)\".*" "\\1" PACKAGE_VERSION "${_ilpc_version_line}")
unset(_ilpc_version_line)

set(PACKAGE_VERSION_COMPATIBLE FALSE)
set(PACKAGE_VERSION_EXACT FALSE)
if(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  set(PACKAGE_VERSION_EXACT TRUE)
elseif(PACKAGE_FIND_VERSION VERSION_LESS PACKAGE_VERSION)
  string(REGEX MATCH "^[0-9]+" _ilpc_have_major "${PACKAGE_VERSION}")
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" _ilpc_have_minor "${PACKAGE_VERSION}")
  if(_ilpc_have_major STREQUAL "0")
    if(PACKAGE_FIND_VERSION_MAJOR EQUAL 0 AND "${PACKAGE_FIND_VERSION_MAJOR}.${PACKAGE_FIND_VERSION_MINOR}" VERSION_EQUAL _ilpc_have_minor)
      set(PACKAGE_VERSION_COMPATIBLE TRUE)
    endif()
  elseif(PACKAGE_FIND_VERSION_MAJOR EQUAL _ilpc_have_major)
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
  endif()
  unset(_ilpc_have_major)
  unset(_ilpc_have_minor)
endif()
