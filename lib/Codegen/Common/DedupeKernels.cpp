//===- DedupeKernels.cpp - Compile each distinct kernel once --------------===//
//
// Kernel functions equal in everything but their name become one, the way
// upstream's func-duplicate-function-elimination merges functions, but
// among kernels only: program functions are entry points whose names
// callers use, and two equal programs must both stay.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace meld {
#define GEN_PASS_DEF_MELDDEDUPEKERNELS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

namespace {
/// Kernels equal but for their symbol name (upstream's notion of duplicate
/// functions): attributes, type and body, locations ignored.
struct KernelEquivalence : public llvm::DenseMapInfo<func::FuncOp> {
  static unsigned getHashValue(const func::FuncOp cFunc) {
    if (cFunc == getEmptyKey() || cFunc == getTombstoneKey())
      return DenseMapInfo<func::FuncOp>::getHashValue(cFunc);
    auto func = const_cast<func::FuncOp &>(cFunc);
    llvm::hash_code hash = {};
    for (NamedAttribute attr : func->getAttrs())
      if (attr.getName() != func.getSymNameAttrName())
        hash = llvm::hash_combine(hash, attr);
    func.getBody().walk([&](Operation *op) {
      hash = llvm::hash_combine(
          hash, OperationEquivalence::computeHash(
                    op, OperationEquivalence::ignoreHashValue,
                    OperationEquivalence::ignoreHashValue,
                    OperationEquivalence::IgnoreLocations));
    });
    return hash;
  }

  static bool isEqual(const func::FuncOp cLhs, const func::FuncOp cRhs) {
    if (cLhs == cRhs)
      return true;
    if (cLhs == getEmptyKey() || cLhs == getTombstoneKey() ||
        cRhs == getEmptyKey() || cRhs == getTombstoneKey())
      return false;
    auto lhs = const_cast<func::FuncOp &>(cLhs);
    auto rhs = const_cast<func::FuncOp &>(cRhs);
    NamedAttrList lhsAttrs(lhs->getAttrDictionary()),
        rhsAttrs(rhs->getAttrDictionary());
    lhsAttrs.erase(lhs.getSymNameAttrName());
    rhsAttrs.erase(rhs.getSymNameAttrName());
    if (lhsAttrs.getDictionary(lhs.getContext()) !=
        rhsAttrs.getDictionary(rhs.getContext()))
      return false;
    return OperationEquivalence::isRegionEquivalentTo(
        &lhs.getBody(), &rhs.getBody(), OperationEquivalence::IgnoreLocations);
  }
};

struct MeldDedupeKernelsPass
    : public meld::impl::MeldDedupeKernelsBase<MeldDedupeKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseSet<func::FuncOp, KernelEquivalence> distinct;
    SmallVector<std::pair<func::FuncOp, func::FuncOp>> duplicates;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!func->hasAttr(kKernelAttrName) || func.isExternal())
        continue;
      auto [first, inserted] = distinct.insert(func);
      if (!inserted)
        duplicates.push_back({func, *first});
    }
    for (auto [duplicate, first] : duplicates) {
      if (failed(SymbolTable::replaceAllSymbolUses(
              duplicate.getSymNameAttr(), first.getSymNameAttr(), module)))
        return signalPassFailure();
      duplicate.erase();
    }
  }
};
} // namespace
