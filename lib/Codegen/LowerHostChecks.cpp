//===- LowerHostChecks.cpp - Runtime checks into a host kernel's status ---===//
//
// meld-lower-host-checks: each host kernel gets a status cell (a trailing
// pointer argument its entry point fills in) and each of its cf.assert
// checks stores the check's code there instead of aborting (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDLOWERHOSTCHECKS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

namespace {

/// The status code of the check that `message` names.
std::optional<HostKernelStatus> statusOf(StringRef message) {
  if (message == kDivisionByZeroMessage)
    return HostKernelStatus::IntegerDivisionByZero;
  return std::nullopt;
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
    auto ptr = LLVM::LLVMPointerType::get(&getContext());
    unsigned index = func.getNumArguments();
    if (failed(
            func.insertArgument(index, ptr, DictionaryAttr(), func.getLoc()))) {
      func.emitOpError("cannot take a status argument");
      return signalPassFailure();
    }
    Value status = func.getArgument(index);
    for (cf::AssertOp check : checks) {
      std::optional<HostKernelStatus> code = statusOf(check.getMsg());
      if (!code) {
        check.emitOpError("is not a runtime check host kernels report ('")
            << check.getMsg() << "'; known: '" << kDivisionByZeroMessage
            << "')";
        return signalPassFailure();
      }
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
  }
};

} // namespace
