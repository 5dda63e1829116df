//===- KernelToDestinationStyle.cpp - The kernel buffer ABI ---------------===//
//
// Kernel functions take their inputs and their outputs as buffers, in that
// order (index arguments keep their place among the inputs), and return
// nothing. The schedule allocates the outputs.
//
// Booleans are stored one byte each: their buffers are i8 buffers, read
// through a truncation and written through an extension. An i1 vector
// stored to i1 memory had been scalarized, a byte store per element (a
// batch norm's ReLU6 mask, 1.2 MB, written at 3 GB/s).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace meld {
#define GEN_PASS_DEF_MELDKERNELTODESTINATIONSTYLE
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

static bool isBool(RankedTensorType type) {
  return type.getElementType().isInteger(1);
}

static MemRefType bufferType(RankedTensorType type) {
  Type elem = type.getElementType();
  if (isBool(type))
    elem = IntegerType::get(type.getContext(), 8);
  return MemRefType::get(type.getShape(), elem);
}

/// `x` elementwise cast to `elem` (a truncation to i1, or an extension of
/// i1 to i8) in a generic that tiling fuses like any elementwise op.
static Value castBools(OpBuilder &b, Location loc, Value x, Type elem) {
  auto type = cast<RankedTensorType>(x.getType());
  auto to = RankedTensorType::get(type.getShape(), elem);
  Value empty = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, x), elem);
  AffineMap id = b.getMultiDimIdentityMap(type.getRank());
  return linalg::GenericOp::create(
             b, loc, TypeRange{to}, ValueRange{x}, ValueRange{empty},
             ArrayRef<AffineMap>{id, id},
             SmallVector<utils::IteratorType>(type.getRank(),
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value v = elem.isInteger(1)
                             ? arith::TruncIOp::create(nb, nloc, elem, args[0])
                                   .getResult()
                             : arith::ExtUIOp::create(nb, nloc, elem, args[0])
                                   .getResult();
               linalg::YieldOp::create(nb, nloc, v);
             })
      .getResult(0);
}

/// Fuses the generic feeding `operand` into its consumer (a boolean cast
/// into the op that computes or reads the booleans), so that no i1 tensor
/// is left between them to be stored one byte at a time.
static bool fuseInto(RewriterBase &rewriter, OpOperand *operand) {
  if (!linalg::areElementwiseOpsFusable(operand))
    return false;
  Operation *consumer = operand->getOwner();
  rewriter.setInsertionPoint(consumer);
  FailureOr<linalg::ElementwiseOpFusionResult> fused =
      linalg::fuseElementwiseOps(rewriter, operand);
  if (failed(fused))
    return false;
  // Only the consumer's results are replaced: the fused op comes where the
  // consumer was, after the producer's other users, which keep it.
  // (The fused op's results: the producer's it keeps, then the consumer's.)
  rewriter.replaceAllUsesWith(
      consumer->getResults(),
      fused->fusedOp->getResults().take_back(consumer->getNumResults()));
  rewriter.eraseOp(consumer);
  return true;
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
    SmallVector<Value> reads, writes; // boolean casts of inputs, of outputs
    convertSignature(func, reads, writes);
    IRRewriter rewriter(func.getContext());
    llvm::SmallPtrSet<Operation *, 4> writeCasts;
    for (Value write : writes)
      writeCasts.insert(write.getDefiningOp());
    for (Value read : reads) {
      auto cast = read.getDefiningOp<linalg::GenericOp>();
      Value bytes = cast.getDpsInputOperand(0)->get();
      // One use at a time, then the uses again: fusing a use erases its
      // op, and an op that reads the booleans twice (one input as two
      // operands) would leave the next use in an erased op.
      auto rewriteOne = [&]() {
        for (OpOperand &use : read.getUses()) {
          // A gather's element read: the byte, truncated (no i1 copy of the
          // whole tensor, which a GPU kernel could not place when dynamic).
          if (auto extract = dyn_cast<tensor::ExtractOp>(use.getOwner())) {
            rewriter.setInsertionPoint(extract);
            Value byte = tensor::ExtractOp::create(
                rewriter, extract.getLoc(), bytes, extract.getIndices());
            rewriter.replaceOpWithNewOp<arith::TruncIOp>(
                extract, extract.getType(), byte);
            return true;
          }
          // Its sizes are the bytes'.
          if (auto dim = dyn_cast<tensor::DimOp>(use.getOwner())) {
            rewriter.modifyOpInPlace(dim, [&] { use.set(bytes); });
            return true;
          }
          // (An input returned as it is: the write's cast takes the read's
          // below, so that `writes` stays valid.)
          if (isa<linalg::GenericOp>(use.getOwner()) &&
              !writeCasts.contains(use.getOwner()) &&
              fuseInto(rewriter, &use))
            return true;
        }
        return false;
      };
      while (rewriteOne()) {
      }
      if (cast->use_empty())
        rewriter.eraseOp(cast);
    }
    for (Value write : writes) {
      auto cast = write.getDefiningOp<linalg::GenericOp>();
      auto producer =
          cast.getDpsInputOperand(0)->get().getDefiningOp<linalg::GenericOp>();
      if (!producer)
        continue;
      fuseInto(rewriter, cast.getDpsInputOperand(0));
      // The cast's sizes were read from the producer's result: they are its
      // destination's. (A producer left unread goes, its checks with it:
      // the fused op makes them.)
      for (OpResult result : producer->getResults())
        for (OpOperand &use : llvm::make_early_inc_range(result.getUses()))
          if (isa<tensor::DimOp>(use.getOwner()))
            rewriter.modifyOpInPlace(use.getOwner(), [&] {
              use.set(producer.getDpsInitOperand(result.getResultNumber())->get());
            });
      if (producer->use_empty())
        rewriter.eraseOp(producer);
    }
    // (A fused producer that other ops still read keeps its result in the
    // fused op too, unused there.)
    if (!reads.empty() || !writes.empty()) {
      RewritePatternSet patterns(func.getContext());
      linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
      (void)applyPatternsGreedily(func, std::move(patterns));
    }
  }

  static void convertSignature(func::FuncOp func, SmallVectorImpl<Value> &reads,
                               SmallVectorImpl<Value> &writes) {
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
      MemRefType buffer = bufferType(tensorType);
      arg.setType(buffer);
      Value value = bufferization::ToTensorOp::create(
          b, func.getLoc(),
          RankedTensorType::get(tensorType.getShape(), buffer.getElementType()),
          arg, b.getUnitAttr());
      Operation *read = value.getDefiningOp();
      if (isBool(tensorType)) {
        value = castBools(b, func.getLoc(), value, tensorType.getElementType());
        reads.push_back(value);
      }
      arg.replaceAllUsesExcept(value, read);
      inputs.push_back(arg.getType());
    }
    SmallVector<Type> outputs;
    auto ret = cast<func::ReturnOp>(entry.getTerminator());
    b.setInsertionPoint(ret);
    for (Value result : ret.getOperands()) {
      auto tensorType = cast<RankedTensorType>(result.getType());
      auto type = bufferType(tensorType);
      if (isBool(tensorType)) {
        result = castBools(b, ret.getLoc(), result, type.getElementType());
        writes.push_back(result);
      }
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
