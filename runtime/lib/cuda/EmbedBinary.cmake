# Writes a binary file as a C++ byte array:
#   cmake -DINPUT=file -DOUTPUT=header -DSYMBOL=name -P EmbedBinary.cmake
# The array is 16-byte aligned (fatbins and ELF images want 8).
foreach(var INPUT OUTPUT SYMBOL)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "EmbedBinary.cmake: ${var} is not set")
  endif()
endforeach()

file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
if(digits EQUAL 0)
  message(FATAL_ERROR "EmbedBinary.cmake: ${INPUT} is empty")
endif()
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REPEAT "0x[0-9a-f][0-9a-f]," 16 line)
string(REGEX REPLACE "(${line})" "\\1\n  " bytes "${bytes}")
get_filename_component(name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${name} by EmbedBinary.cmake; do not edit.\n"
  "alignas(16) static const unsigned char ${SYMBOL}[] = {\n  ${bytes}\n};\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
