//===- OutlineKernels.cpp - Fusion groups to kernel functions -------------===//
//
// Each meld.kernel becomes a private func.func with the `meld.kernel`
// attribute and is replaced by a meld.launch of it; the program functions
// that remain are schedules.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace meld {
#define GEN_PASS_DEF_MELDOUTLINEKERNELS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

/// Ops a schedule may hold besides launches.
static bool isScheduleOp(Operation *op) {
  return isa<LaunchOp, DimOp, ConstantOp, IfOp, WhileOp, YieldOp,
             func::ReturnOp>(op) ||
         op->getDialect()->getNamespace() == "arith";
}

namespace {
struct MeldOutlineKernelsPass
    : public meld::impl::MeldOutlineKernelsBase<MeldOutlineKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> programs;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func->hasAttr(kKernelAttrName) && !func.isExternal())
        programs.push_back(func);

    for (func::FuncOp func : programs) {
      int64_t counter = 0;
      SmallVector<KernelOp> kernels;
      // Outer kernels only: sub-groups of a horizontal kernel go with it.
      func.walk([&](KernelOp kernel) {
        if (!kernel->getParentOfType<KernelOp>())
          kernels.push_back(kernel);
      });
      for (KernelOp kernel : kernels)
        outline(kernel, func, symbols, counter);

      WalkResult result = func.walk([&](Operation *op) {
        if (op == func.getOperation() || isScheduleOp(op))
          return WalkResult::advance();
        op->emitOpError("is outside every fusion group, so no kernel "
                        "computes it; run meld-fuse (or "
                        "meld-outline-singletons) before meld-outline-kernels");
        return WalkResult::interrupt();
      });
      if (result.wasInterrupted())
        return signalPassFailure();
    }
  }

  /// Copies the ops of `body` (a kernel region) into `builder`'s block,
  /// inlining nested kernels, and returns the yielded values.
  static SmallVector<Value> inlineBody(OpBuilder &builder, Block &body,
                                       IRMapping &mapping) {
    SmallVector<Value> yielded;
    for (Operation &op : body) {
      if (auto yield = dyn_cast<YieldOp>(op)) {
        for (Value v : yield.getValues())
          yielded.push_back(mapping.lookup(v));
        continue;
      }
      if (auto nested = dyn_cast<KernelOp>(op)) {
        Block &nestedBody = nested.getBody().front();
        for (auto [arg, input] :
             llvm::zip(nestedBody.getArguments(), nested.getInputs()))
          mapping.map(arg, mapping.lookup(input));
        SmallVector<Value> results = inlineBody(builder, nestedBody, mapping);
        for (auto [res, v] : llvm::zip(nested.getResults(), results))
          mapping.map(res, v);
        continue;
      }
      builder.clone(op, mapping);
    }
    return yielded;
  }

  static void outline(KernelOp kernel, func::FuncOp parent,
                      SymbolTable &symbols, int64_t &counter) {
    MLIRContext *ctx = kernel.getContext();
    OpBuilder builder(ctx);
    builder.setInsertionPoint(parent);
    std::string name;
    do {
      name = (parent.getSymName() + "_kernel_" + Twine(counter++)).str();
    } while (symbols.lookup(name));

    auto type = FunctionType::get(ctx, kernel.getInputs().getTypes(),
                                  kernel.getResultTypes());
    auto func = func::FuncOp::create(builder, kernel.getLoc(), name, type);
    func.setPrivate();
    func->setAttr(kKernelAttrName,
                  builder.getStringAttr(stringifyFusionKind(kernel.getKind())));
    if (Attribute split = kernel->getAttr(kSplitPartialsAttrName))
      func->setAttr(kSplitPartialsAttrName, split);
    Block *entry = func.addEntryBlock();
    IRMapping mapping;
    Block &body = kernel.getBody().front();
    for (auto [from, to] :
         llvm::zip(body.getArguments(), entry->getArguments()))
      mapping.map(from, to);
    builder.setInsertionPointToStart(entry);
    SmallVector<Value> results = inlineBody(builder, body, mapping);
    func::ReturnOp::create(builder, kernel.getLoc(), results);
    symbols.insert(func);

    builder.setInsertionPoint(kernel);
    auto launch = LaunchOp::create(
        builder, kernel.getLoc(), kernel.getResultTypes(),
        FlatSymbolRefAttr::get(func.getSymNameAttr()), kernel.getInputs());
    kernel.replaceAllUsesWith(launch.getResults());
    kernel.erase();
  }
};
} // namespace
