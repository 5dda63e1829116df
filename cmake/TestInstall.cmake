# Installs the build into <build>/install-test, then configures, builds and
# runs examples/embed against that tree alone (find_package(Meld)).
set(prefix ${MELD_BUILD_DIR}/install-test)
set(app ${MELD_BUILD_DIR}/embed-test)
file(REMOVE_RECURSE ${prefix} ${app})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}")
  endif()
endfunction()

run(${CMAKE_COMMAND} --install ${MELD_BUILD_DIR} --prefix ${prefix}
    --component meld)
foreach(f lib/libMeld.so lib/cmake/Meld/MeldConfig.cmake include/meld/JIT/JIT.h
          include/meld/Runtime/meld_runtime.h bin/meld-compile)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "the install tree has no ${f}")
  endif()
endforeach()
run(${CMAKE_COMMAND} -S ${MELD_SOURCE_DIR}/examples/embed -B ${app}
    -G ${MELD_GENERATOR} -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${app})
run(${app}/meld-embed ${MELD_SOURCE_DIR}/examples/layernorm.mlir)
run(${app}/meld-embed)
