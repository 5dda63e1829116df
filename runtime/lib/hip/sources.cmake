# The hip backend. Appends to MELD_RUNTIME_HIP_SOURCES and may add to
# MELD_RUNTIME_BACKEND_DEFINITIONS / _INCLUDES / _DEPENDS (see
# runtime/CMakeLists.txt).
#
# It needs no HIP headers or libraries to build: libamdhip64 is dlopened at
# run time and the API subset it calls is declared in lib/hip/HipApi.h.
# Where the HIP headers are installed (Debian: libamdhip64-dev; ROCm:
# /opt/rocm/include), HipApiCheck.cpp checks those declarations against
# them at compile time (MELD_RUNTIME_HIP_ABI_CHECK=OFF skips that).
set(MELD_RUNTIME_HIP_SOURCES lib/hip/HipBackend.cpp)

option(MELD_RUNTIME_HIP_ABI_CHECK
  "Check the hip backend's HIP declarations against installed HIP headers" ON)
if(MELD_RUNTIME_HIP_ABI_CHECK)
  find_path(MELD_HIP_INCLUDE_DIR hip/hip_runtime_api.h
    HINTS ENV ROCM_PATH ENV HIP_PATH
    PATHS /opt/rocm
    PATH_SUFFIXES include)
endif()
if(MELD_RUNTIME_HIP_ABI_CHECK AND MELD_HIP_INCLUDE_DIR)
  list(APPEND MELD_RUNTIME_HIP_SOURCES lib/hip/HipApiCheck.cpp)
  if(NOT MELD_HIP_INCLUDE_DIR IN_LIST CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
    # As a system directory: the check is about values, not HIP's warnings.
    set_source_files_properties(lib/hip/HipApiCheck.cpp PROPERTIES
      COMPILE_OPTIONS "-isystem;${MELD_HIP_INCLUDE_DIR}")
  endif()
endif()
