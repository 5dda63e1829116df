//===- KernelToDestinationStyle.cpp - The kernel buffer ABI ---------------===//
//
// Kernel functions take their inputs and their outputs as buffers, in that
// order (index arguments keep their place among the inputs), and return
// nothing. The schedule allocates the outputs.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDKERNELTODESTINATIONSTYLE
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

static MemRefType bufferType(RankedTensorType type) {
  return MemRefType::get(type.getShape(), type.getElementType());
}

namespace {
struct MeldKernelToDestinationStylePass
    : public meld::impl::MeldKernelToDestinationStyleBase<
          MeldKernelToDestinationStylePass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func->hasAttr(kKernelAttrName) || func.isExternal())
        continue;
      convert(func);
    }
  }

  static void convert(func::FuncOp func) {
    Block &entry = func.getBody().front();
    OpBuilder b(func.getContext());
    b.setInsertionPointToStart(&entry);
    SmallVector<Type> inputs;
    for (BlockArgument arg : entry.getArguments()) {
      auto tensorType = dyn_cast<RankedTensorType>(arg.getType());
      if (!tensorType) {
        inputs.push_back(arg.getType());
        continue;
      }
      arg.setType(bufferType(tensorType));
      auto toTensor = bufferization::ToTensorOp::create(
          b, func.getLoc(), tensorType, arg, b.getUnitAttr());
      arg.replaceAllUsesExcept(toTensor, toTensor);
      inputs.push_back(arg.getType());
    }
    SmallVector<Type> outputs;
    auto ret = cast<func::ReturnOp>(entry.getTerminator());
    b.setInsertionPoint(ret);
    for (Value result : ret.getOperands()) {
      auto type = bufferType(cast<RankedTensorType>(result.getType()));
      BlockArgument out = entry.addArgument(type, func.getLoc());
      outputs.push_back(type);
      bufferization::MaterializeInDestinationOp::create(
          b, ret.getLoc(), Type(), result, out, /*restrict=*/true,
          /*writable=*/true);
    }
    ret->setOperands({});
    // The block range [begin, end) this call computes; see kBlockRangeArgs.
    for (int i = 0; i < kBlockRangeArgs; ++i)
      entry.addArgument(b.getIndexType(), func.getLoc());
    inputs.append(outputs);
    inputs.append(kBlockRangeArgs, b.getIndexType());
    func.setFunctionType(FunctionType::get(func.getContext(), inputs, {}));
    // The host back end calls kernels through their C interface.
    func->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  }
};
} // namespace
