# The cuda backend. Appends to MELD_RUNTIME_CUDA_SOURCES and may add to
# MELD_RUNTIME_BACKEND_DEFINITIONS / _INCLUDES / _DEPENDS (see
# runtime/CMakeLists.txt).
#
# The driver (libcuda.so.1) is loaded at run time; building needs only:
#  - cuda.h, CUDA 12.3 or newer (MELD_CUDA_INCLUDE_DIR), for types and
#    prototypes. Without it the backend is a stub that reports
#    MELD_ERROR_UNAVAILABLE.
#  - nvcc (MELD_CUDA_NVCC), to compile ConditionSetter.cu, the kernel of
#    conditional graph nodes, into a fatbin embedded in the library. Without
#    it (or when it cannot compile) devices report no conditional nodes.

find_path(MELD_CUDA_INCLUDE_DIR cuda.h
  HINTS ${CUDAToolkit_ROOT} ENV CUDA_PATH ENV CUDA_HOME /usr/local/cuda
  PATH_SUFFIXES include
  DOC "Directory of the CUDA driver API header cuda.h (CUDA 12.3 or newer)")

set(MELD_CUDA_HEADER_VERSION 0)
if(MELD_CUDA_INCLUDE_DIR AND EXISTS "${MELD_CUDA_INCLUDE_DIR}/cuda.h")
  file(STRINGS "${MELD_CUDA_INCLUDE_DIR}/cuda.h" _meld_cuda_version_line
    REGEX "^#define CUDA_VERSION [0-9]+")
  string(REGEX MATCH "[0-9]+$" MELD_CUDA_HEADER_VERSION
    "${_meld_cuda_version_line}")
endif()

if(NOT MELD_CUDA_INCLUDE_DIR OR MELD_CUDA_HEADER_VERSION LESS 12030)
  message(STATUS "cuda backend: no cuda.h of CUDA 12.3 or newer found "
    "(MELD_CUDA_INCLUDE_DIR); it will report MELD_ERROR_UNAVAILABLE")
  list(APPEND MELD_RUNTIME_CUDA_SOURCES lib/cuda/CudaBackendStub.cpp)
else()
  list(APPEND MELD_RUNTIME_CUDA_SOURCES lib/cuda/CudaBackend.cpp)
  if(NOT MELD_CUDA_INCLUDE_DIR IN_LIST CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
    # For CudaBackend.cpp alone, as a system directory: the rest of the
    # runtime does not see the CUDA headers.
    set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/CudaBackend.cpp
      PROPERTIES COMPILE_OPTIONS "-isystem;${MELD_CUDA_INCLUDE_DIR}")
  endif()

  get_filename_component(_meld_cuda_root "${MELD_CUDA_INCLUDE_DIR}" DIRECTORY)
  find_program(MELD_CUDA_NVCC nvcc
    HINTS ${_meld_cuda_root} ${CUDAToolkit_ROOT} ENV CUDA_PATH ENV CUDA_HOME
      /usr/local/cuda
    PATH_SUFFIXES bin
    DOC "nvcc, for the condition-setter kernel of conditional graph nodes")
  set(MELD_CUDA_CONDITION_SETTER_ARCHS 80 90 100 120 CACHE STRING
    "Compute capabilities to compile the condition-setter kernel for (cubins; "
    "PTX of the first one covers later chips)")

  set(_meld_cuda_setter_src ${CMAKE_CURRENT_LIST_DIR}/ConditionSetter.cu)
  set(_meld_cuda_gencode)
  if(MELD_CUDA_NVCC)
    # Keep the architectures this nvcc knows.
    execute_process(COMMAND ${MELD_CUDA_NVCC} --list-gpu-code
      OUTPUT_VARIABLE _meld_cuda_codes ERROR_QUIET
      RESULT_VARIABLE _meld_cuda_rc)
    if(_meld_cuda_rc EQUAL 0)
      string(REGEX MATCHALL "sm_[0-9]+" _meld_cuda_codes "${_meld_cuda_codes}")
      set(_meld_cuda_first)
      foreach(arch ${MELD_CUDA_CONDITION_SETTER_ARCHS})
        if("sm_${arch}" IN_LIST _meld_cuda_codes)
          list(APPEND _meld_cuda_gencode
            -gencode arch=compute_${arch},code=sm_${arch})
          if(NOT _meld_cuda_first)
            set(_meld_cuda_first ${arch})
          endif()
        endif()
      endforeach()
      if(_meld_cuda_first)
        set(_meld_cuda_ptx compute_${_meld_cuda_first})
        list(APPEND _meld_cuda_gencode
          -gencode arch=${_meld_cuda_ptx},code=${_meld_cuda_ptx})
      endif()
    endif()
  endif()

  # nvcc needs a host compiler it supports even for device code: try it once.
  if(_meld_cuda_gencode AND NOT MELD_CUDA_NVCC_WORKS STREQUAL MELD_CUDA_NVCC)
    set(_meld_cuda_probe ${CMAKE_CURRENT_BINARY_DIR}/cuda/probe.fatbin)
    file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/cuda)
    execute_process(
      COMMAND ${MELD_CUDA_NVCC} -fatbin ${_meld_cuda_gencode}
        -o ${_meld_cuda_probe} ${_meld_cuda_setter_src}
      RESULT_VARIABLE _meld_cuda_rc
      OUTPUT_VARIABLE _meld_cuda_log ERROR_VARIABLE _meld_cuda_log)
    file(REMOVE ${_meld_cuda_probe})
    if(_meld_cuda_rc EQUAL 0)
      set(MELD_CUDA_NVCC_WORKS ${MELD_CUDA_NVCC} CACHE INTERNAL
        "The nvcc that compiled the condition-setter kernel")
    else()
      message(WARNING "cuda backend: ${MELD_CUDA_NVCC} cannot compile "
        "ConditionSetter.cu, so devices will have no conditional graph "
        "nodes:\n${_meld_cuda_log}")
    endif()
  endif()

  if(_meld_cuda_gencode AND MELD_CUDA_NVCC_WORKS STREQUAL MELD_CUDA_NVCC)
    set(_meld_cuda_out ${CMAKE_CURRENT_BINARY_DIR}/cuda)
    add_custom_command(
      OUTPUT ${_meld_cuda_out}/ConditionSetter.fatbin
      COMMAND ${CMAKE_COMMAND} -E make_directory ${_meld_cuda_out}
      COMMAND ${MELD_CUDA_NVCC} -fatbin ${_meld_cuda_gencode}
        -o ${_meld_cuda_out}/ConditionSetter.fatbin ${_meld_cuda_setter_src}
      DEPENDS ${_meld_cuda_setter_src}
      COMMENT "Compiling the CUDA condition-setter kernel"
      VERBATIM)
    add_custom_command(
      OUTPUT ${_meld_cuda_out}/MeldCudaConditionSetter.inc
      COMMAND ${CMAKE_COMMAND}
        -DINPUT=${_meld_cuda_out}/ConditionSetter.fatbin
        -DOUTPUT=${_meld_cuda_out}/MeldCudaConditionSetter.inc
        -DSYMBOL=kMeldCudaConditionSetter
        -P ${CMAKE_CURRENT_LIST_DIR}/EmbedBinary.cmake
      DEPENDS ${_meld_cuda_out}/ConditionSetter.fatbin
        ${CMAKE_CURRENT_LIST_DIR}/EmbedBinary.cmake
      COMMENT "Embedding the CUDA condition-setter kernel"
      VERBATIM)
    add_custom_target(MeldCudaConditionSetter
      DEPENDS ${_meld_cuda_out}/MeldCudaConditionSetter.inc)
    list(APPEND MELD_RUNTIME_BACKEND_INCLUDES ${_meld_cuda_out})
    list(APPEND MELD_RUNTIME_BACKEND_DEFINITIONS
      MELD_CUDA_HAVE_CONDITION_SETTER=1)
    list(APPEND MELD_RUNTIME_BACKEND_DEPENDS MeldCudaConditionSetter)
  else()
    message(STATUS "cuda backend: no working nvcc (MELD_CUDA_NVCC); devices "
      "will report no conditional graph nodes")
  endif()
endif()
