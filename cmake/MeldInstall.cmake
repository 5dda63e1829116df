# The installable package: `cmake --install <build> --prefix <dir>` gives
#
#   <dir>/include/meld/...            public headers (JIT, runtime C and C++
#                                     APIs, bundle, reference tensors, ...)
#   <dir>/lib/libMeld.so              the whole compiler and runtime
#   <dir>/lib/cmake/Meld/MeldConfig.cmake (+ version file)
#   <dir>/bin/meld-opt, meld-compile, meld-run, meld-tune-host
#
# so that an application does `find_package(Meld CONFIG REQUIRED)` and links
# `Meld::Meld`. libMeld.so holds Meld's own libraries (whole archives) and
# links the LLVM and MLIR shared libraries of the LLVM it was built with;
# MeldConfig.cmake finds that LLVM for its headers.

include(CMakePackageConfigHelpers)

set(MELD_PACKAGE_LIBRARIES
  MeldJIT MeldCodegen MeldInterpreter MeldRuntime MeldBundle MeldReference
  MeldSupport
  MLIRMeld MLIRMeldTransforms)

add_library(Meld SHARED ${PROJECT_SOURCE_DIR}/cmake/MeldLibrary.cpp)
# Every object of Meld's archives goes in (not just what MeldLibrary.cpp
# needs); the plain link below brings their own dependencies (libMLIR.so,
# libLLVM.so). CMake's WHOLE_ARCHIVE feature cannot be used: these
# libraries also reach the link as each other's dependencies.
set(_meld_whole "LINKER:--whole-archive")
foreach(lib ${MELD_PACKAGE_LIBRARIES})
  list(APPEND _meld_whole "$<TARGET_FILE:${lib}>")
endforeach()
list(APPEND _meld_whole "LINKER:--no-whole-archive")
target_link_options(Meld PRIVATE ${_meld_whole})
target_link_libraries(Meld PRIVATE ${MELD_PACKAGE_LIBRARIES})
set_target_properties(Meld PROPERTIES
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib
  # The LLVM and MLIR shared libraries stay where they were found.
  INSTALL_RPATH "${LLVM_LIBRARY_DIR}"
  BUILD_WITH_INSTALL_RPATH OFF)
llvm_update_compile_flags(Meld)

install(TARGETS Meld LIBRARY DESTINATION lib COMPONENT meld)
set(MELD_INSTALLED_TOOLS meld-opt meld-compile meld-run meld-tune-host)
set_target_properties(${MELD_INSTALLED_TOOLS} PROPERTIES
  INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS ${MELD_INSTALLED_TOOLS} RUNTIME DESTINATION bin
  COMPONENT meld)
foreach(dir ${PROJECT_SOURCE_DIR}/include/meld ${PROJECT_BINARY_DIR}/include/meld
            ${PROJECT_SOURCE_DIR}/runtime/include/meld)
  install(DIRECTORY ${dir}/ DESTINATION include/meld COMPONENT meld
    FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp" PATTERN "*.inc"
    PATTERN "CMakeFiles" EXCLUDE)
endforeach()

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/MeldConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/MeldConfig.cmake
  INSTALL_DESTINATION lib/cmake/Meld)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/MeldConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/MeldConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/MeldConfigVersion.cmake
  DESTINATION lib/cmake/Meld COMPONENT meld)

# The test: install into the build tree, build examples/embed against the
# installed package only, and run it (it checks itself against the
# interpreter).
if(MELD_ENABLE_TESTS)
  add_test(NAME Meld.Install.EmbedExample
    COMMAND ${CMAKE_COMMAND}
      -DMELD_BUILD_DIR=${PROJECT_BINARY_DIR}
      -DMELD_SOURCE_DIR=${PROJECT_SOURCE_DIR}
      -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
      -DMELD_GENERATOR=${CMAKE_GENERATOR}
      -P ${PROJECT_SOURCE_DIR}/cmake/TestInstall.cmake)
  set_tests_properties(Meld.Install.EmbedExample PROPERTIES TIMEOUT 600)
endif()

# `pip install .` (scikit-build-core, pyproject.toml): the wheel's
# component. The Python package with its extension, libMeld.so beside it,
# and the tools into the environment's bin/ (scikit-build-core's scripts
# directory); all find LLVM's shared libraries where they were built.
if(SKBUILD AND TARGET _meld)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/python-bindings/meld/ DESTINATION meld
    COMPONENT python FILES_MATCHING PATTERN "*.py")
  set_target_properties(_meld PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
  install(TARGETS _meld LIBRARY DESTINATION meld COMPONENT python)
  install(TARGETS Meld LIBRARY DESTINATION meld/lib COMPONENT python)
  install(TARGETS ${MELD_INSTALLED_TOOLS} RUNTIME DESTINATION ${SKBUILD_SCRIPTS_DIR}
    COMPONENT python)
endif()
