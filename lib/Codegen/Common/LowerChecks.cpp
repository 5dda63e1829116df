//===- LowerChecks.cpp - Runtime checks into a kernel's status cell -------===//
//
// meld-lower-host-checks and meld-lower-gpu-checks: each kernel gets a
// status cell (a trailing pointer argument: filled in by the host entry
// point, or passed by the GPU runtime) and each of its cf.assert checks
// stores the check's code there instead of aborting (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDLOWERHOSTCHECKS
#define GEN_PASS_DEF_MELDLOWERGPUCHECKS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

namespace {

/// The status code of the check that `message` names.
std::optional<HostKernelStatus> statusOf(StringRef message) {
  if (message == kDivisionByZeroMessage)
    return HostKernelStatus::IntegerDivisionByZero;
  if (message == kGatherIndexMessage)
    return HostKernelStatus::GatherIndexOutOfBounds;
  if (message == kConvInputMessage)
    return HostKernelStatus::ConvInputShorterThanKernel;
  return std::nullopt;
}

/// Appends the status cell argument to `func` (an `!llvm.ptr`) and turns
/// each of `checks` into a store of its code there when its condition is
/// false.
LogicalResult lowerChecks(FunctionOpInterface func,
                          ArrayRef<cf::AssertOp> checks) {
  MLIRContext *ctx = func->getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  unsigned index = func.getNumArguments();
  if (failed(func.insertArgument(index, ptr, DictionaryAttr(), func.getLoc())))
    return func.emitOpError("cannot take a status argument");
  Value status = func.getArgument(index);
  for (cf::AssertOp check : checks) {
    std::optional<HostKernelStatus> code = statusOf(check.getMsg());
    if (!code)
      return check.emitOpError("is not a runtime check kernels report ('")
             << check.getMsg() << "'; known: '" << kDivisionByZeroMessage
             << "', '" << kGatherIndexMessage << "', '" << kConvInputMessage
             << "')";
    OpBuilder b(check);
    Location loc = check.getLoc();
    Value failed = arith::XOrIOp::create(
        b, loc, check.getArg(),
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    auto ifOp = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value value = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                           static_cast<int32_t>(*code));
    LLVM::StoreOp::create(b, loc, value, status);
    check.erase();
  }
  return success();
}

struct MeldLowerHostChecksPass
    : public meld::impl::MeldLowerHostChecksBase<MeldLowerHostChecksPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<cf::AssertOp> checks;
    func.walk([&](cf::AssertOp op) { checks.push_back(op); });
    bool isKernel = func->hasAttr(kKernelAttrName);
    if (!isKernel) {
      if (!checks.empty()) {
        checks.front().emitOpError(
            "is a runtime check outside a host kernel (only kernels have "
            "an error status)");
        signalPassFailure();
      }
      return;
    }
    if (func.isExternal())
      return;
    if (failed(lowerChecks(func, checks)))
      signalPassFailure();
  }
};

struct MeldLowerGpuChecksPass
    : public meld::impl::MeldLowerGpuChecksBase<MeldLowerGpuChecksPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    for (auto func : module.getOps<gpu::GPUFuncOp>()) {
      SmallVector<cf::AssertOp> checks;
      func.walk([&](cf::AssertOp op) { checks.push_back(op); });
      if (!func.isKernel()) {
        if (!checks.empty()) {
          checks.front().emitOpError(
              "is a runtime check outside a GPU kernel (only kernels have "
              "an error status)");
          return signalPassFailure();
        }
        continue;
      }
      if (failed(lowerChecks(func, checks)))
        return signalPassFailure();
    }
  }
};

} // namespace
