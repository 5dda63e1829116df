//===- FuzzSupport.cpp - Shared pieces of Meld's fuzz targets -------------===//

#include "FuzzSupport.h"

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>

using namespace mlir;

namespace meld::fuzz {

MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registry.insert<MeldDialect, func::FuncDialect, arith::ArithDialect,
                    scf::SCFDialect>();
    // Code generation's too, for the targets that compile.
    codegen::registerCodegenDialects(registry);
    auto *result = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    result->loadAllAvailableDialects();
    result->printOpOnDiagnostic(false);
    result->printStackTraceOnDiagnostic(false);
    // Swallowed: rejecting bad input with a diagnostic is correct.
    result->getDiagEngine().registerHandler(
        [](Diagnostic &) { return success(); });
    return result;
  }();
  return *context;
}

ProgramLimits getFuzzLimits() {
  ProgramLimits limits;
  limits.maxNesting = 64;
  limits.maxOps = 2000;
  limits.maxTensorElements = 1 << 16;
  limits.maxConstantBytes = 1 << 20;
  return limits;
}

llvm::StringRef getReferenceProgram() {
  return R"mlir(
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>)
    -> (tensor<4x4xf32>, tensor<4xf32>) {
  %m = meld.matmul %x, %w : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
  %s = meld.reduce sum %m dims = [0, 1] : tensor<4x4xf32> -> tensor<f32>
  %zero = meld.constant dense<0.0> : tensor<f32>
  %p = meld.compare gt, %s, %zero : tensor<f32>
  %r = meld.if %p -> (tensor<4x4xf32>) {
    %t = meld.tanh %m : tensor<4x4xf32>
    meld.yield %t : tensor<4x4xf32>
  } else {
    %e = meld.exp %m : tensor<4x4xf32>
    meld.yield %e : tensor<4x4xf32>
  }
  %row = meld.reduce max %r dims = [1] : tensor<4x4xf32> -> tensor<4xf32>
  return %r, %row : tensor<4x4xf32>, tensor<4xf32>
}

func.func @dyn(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %e = meld.exp %x : tensor<?x8xf32>
  return %e : tensor<?x8xf32>
}
)mlir";
}

const bundle::Bundle &getReferenceBundle() {
  static bundle::Bundle *reference = [] {
    DialectRegistry registry;
    registry.insert<MeldDialect>();
    codegen::registerCodegenDialects(registry);
    MLIRContext context(registry);
    context.loadAllAvailableDialects();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(getReferenceProgram(), &context);
    FailureOr<bundle::Bundle> compiled =
        module ? compileToBundle(*module, CompileOptions())
               : FailureOr<bundle::Bundle>(failure());
    if (failed(compiled)) {
      llvm::errs() << "meld-fuzz: the reference program does not compile\n";
      std::abort();
    }
    return new bundle::Bundle(std::move(*compiled));
  }();
  return *reference;
}

std::string withValidChecksum(llvm::StringRef bytes) {
  constexpr size_t kHeader = 32;
  std::string result = bytes.str();
  if (result.size() < kHeader || !bundle::looksLikeBundle(result))
    return result;
  llvm::StringRef body = llvm::StringRef(result).drop_front(kHeader);
  uint64_t checksum = llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(body.data()), body.size()));
  llvm::support::endian::write64le(result.data() + 24, checksum);
  return result;
}

void rejected(llvm::Error error) {
  static const bool debug = std::getenv("MELD_FUZZ_DEBUG") != nullptr;
  if (debug)
    llvm::errs() << "meld-fuzz: rejected: " << llvm::toString(std::move(error))
                 << "\n";
  else
    llvm::consumeError(std::move(error));
}

void reportFinding(const llvm::Twine &why, llvm::StringRef input) {
  llvm::errs() << "meld-fuzz finding: " << why << "\n--- input ("
               << input.size() << " bytes) ---\n"
               << input.take_front(4096) << "\n---\n";
  std::abort();
}

} // namespace meld::fuzz
