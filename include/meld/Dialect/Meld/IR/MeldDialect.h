//===- MeldDialect.h - Meld dialect -----------------------------*- C++ -*-===//
//
// Declares the `meld` dialect class.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_IR_MELDDIALECT_H
#define MELD_DIALECT_MELD_IR_MELDDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "meld/Dialect/Meld/IR/MeldOpsDialect.h.inc"

#endif // MELD_DIALECT_MELD_IR_MELDDIALECT_H
