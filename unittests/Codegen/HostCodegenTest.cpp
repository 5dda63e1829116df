//===- HostCodegenTest.cpp - Compiled host code == reference interpreter --===//
//
// Every program in examples/, the fusion model suite and
// test/Codegen/programs (every element type), compiled fused and
// unfused for the host and run through the runtime, must give the reference
// interpreter's results on random inputs; so must random programs (the
// fusion differential generator) and, through the emulated GPU mapping,
// GEMMs of every shape the tiled GEMM handles. Tolerances: f64 and f32 results within
// atol 5e-5 + rtol 5e-4 (compiled code accumulates reductions and matmuls
// in f32 where the reference accumulates in double; the deepest model, a
// transformer block, differs by up to 2.3e-5 absolute);
// f16 and bf16 within 1e-2 + 1e-2; integers and booleans exactly.
//
//===----------------------------------------------------------------------===//

#include "../Support/MeldTestContext.h"
#include "ProgramFiles.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Codegen/Passes.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/Runtime/HostExecutable.h"
#include "meld/Testing/RandomProgram.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using meld::ref::HostTensor;

namespace {

/// Checks `actual` against the reference within the stated tolerances.
void expectClose(const HostTensor &expected, const HostTensor &actual,
                 const std::string &what) {
  ASSERT_EQ(expected.getTypeString(), actual.getTypeString()) << what;
  using meld::ref::ElementKind;
  bool half = expected.getKind() == ElementKind::F16 ||
              expected.getKind() == ElementKind::BF16;
  double atol = half ? 1e-2 : 5e-5, rtol = half ? 1e-2 : 5e-4;
  int64_t reported = 0;
  for (int64_t i = 0; i < expected.size(); ++i) {
    bool ok;
    if (!expected.isFloat()) {
      ok = expected.getInt(i) == actual.getInt(i);
    } else {
      double e = expected.getFloat(i), a = actual.getFloat(i);
      ok = (std::isnan(e) && std::isnan(a)) || e == a ||
           std::abs(e - a) <= atol + rtol * std::abs(e);
    }
    if (!ok && reported++ < 5)
      ADD_FAILURE() << what << ": element " << i << " is "
                    << actual.getAsDouble(i) << ", the reference says "
                    << expected.getAsDouble(i);
  }
}

class HostCodegen : public meld::testing::MeldTestContext {
protected:
  HostCodegen() {
    DialectRegistry registry;
    meld::codegen::registerCodegenDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Compiles `module` for the host and checks every function with a body
  /// against the interpreter on random inputs.
  void checkAgainstInterpreter(ModuleOp module, bool fuse,
                               const std::string &what,
                               bool emulateGpu = false,
                               ArrayRef<int64_t> dynamicSizes = {1, 5}) {
    meld::CompileOptions options;
    options.fuse = fuse;
    options.emulateGpuOnHost = emulateGpu;
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(module, options);
    ASSERT_TRUE(succeeded(bundle)) << what << "\n" << diagnostics;
    // Through the serialized form, as meld-run sees it.
    llvm::Expected<meld::bundle::Bundle> reread =
        meld::bundle::Bundle::read(bundle->toBytes());
    ASSERT_TRUE(bool(reread)) << llvm::toString(reread.takeError());
    meld::runtime::HostOptions hostOptions;
    hostOptions.threads = 2;
    auto executable =
        meld::runtime::HostExecutable::load(std::move(*reread), hostOptions);
    ASSERT_TRUE(bool(executable)) << llvm::toString(executable.takeError());

    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate())
        continue;
      std::string name = what + " @" + func.getSymName().str();
      for (int64_t dynamicSize : dynamicSizes) {
        FailureOr<std::vector<HostTensor>> args =
            meld::makeRandomArguments(func, /*seed=*/dynamicSize, dynamicSize);
        ASSERT_TRUE(succeeded(args)) << diagnostics;
        meld::Interpreter interpreter(module);
        FailureOr<std::vector<HostTensor>> expected =
            interpreter.run(func.getSymName(), *args);
        ASSERT_TRUE(succeeded(expected)) << name << "\n" << diagnostics;
        llvm::Expected<std::vector<HostTensor>> actual =
            (*executable)->run(func.getSymName(), *args);
        ASSERT_TRUE(bool(actual))
            << name << ": " << llvm::toString(actual.takeError());
        ASSERT_EQ(expected->size(), actual->size()) << name;
        for (size_t i = 0; i < expected->size(); ++i)
          expectClose((*expected)[i], (*actual)[i],
                      name + " result #" + std::to_string(i));
      }
    }
  }
};

class ProgramFile : public HostCodegen,
                    public ::testing::TestWithParam<std::string> {};

TEST_P(ProgramFile, FusedAndUnfusedMatchTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true, GetParam() + " (fused)");
  checkAgainstInterpreter(*module, /*fuse=*/false, GetParam() + " (unfused)");
}

// The GPU kernels' decomposition (workgroups over row blocks, ops over
// threads, cooperative reductions, workgroup-memory intermediates, in-place
// results) emulated on the host: the same programs must still give the
// interpreter's results.
TEST_P(ProgramFile, GpuMappingMatchesTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true,
                          GetParam() + " (fused, GPU mapping)",
                          /*emulateGpu=*/true);
  // Unfused, every op is a kernel of its own; the Adam model's ~1,000 of
  // them take 40 s to compile through the mapping, and single-op kernels
  // are covered by the smaller programs and the unfused random programs.
  int64_t ops = 0;
  module->walk([&](Operation *) { ++ops; });
  if (ops > 500)
    return;
  checkAgainstInterpreter(*module, /*fuse=*/false,
                          GetParam() + " (unfused, GPU mapping)",
                          /*emulateGpu=*/true);
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name =
      llvm::sys::path::parent_path(info.param).rsplit('/').second.str() + "_" +
      llvm::sys::path::stem(info.param).str();
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    Programs, ProgramFile,
    ::testing::ValuesIn(meld::testing::codegenTestPrograms()), testName);

// Contractions on the GPU are tiled GEMMs (meld-map-to-gpu): k slices staged
// in workgroup memory, 4x4 accumulators per thread, the elementwise epilogue
// applied in registers. Sizes are not multiples of the 64x64 (or 32x128,
// 16x256) output tile or of the 16-deep k slice, so every edge is taken;
// dynamic rows run with 1, 5, 70 and 130 (three 64-row workgroups).
struct GemmProgram {
  const char *name;
  const char *source;
  /// Whether the contraction has an elementwise epilogue to apply in
  /// registers.
  bool epilogue;
  /// Workgroups per row block (meld.gpu_column_blocks): column tiles of a
  /// GEMM that is the whole kernel, 0 when the columns fit one tile.
  int64_t columnBlocks;
};

const GemmProgram kGemmPrograms[] = {
    {"odd_sizes", R"mlir(
      func.func @main(%x: tensor<70x37xf32>, %w: tensor<37x93xf32>)
          -> tensor<70x93xf32> {
        %y = meld.matmul %x, %w
            : tensor<70x37xf32>, tensor<37x93xf32> -> tensor<70x93xf32>
        return %y : tensor<70x93xf32>
      })mlir",
     false, 2},
    {"dynamic_rows", R"mlir(
      func.func @main(%x: tensor<?x48xf32>, %w: tensor<48x80xf32>)
          -> tensor<?x80xf32> {
        %y = meld.matmul %x, %w
            : tensor<?x48xf32>, tensor<48x80xf32> -> tensor<?x80xf32>
        return %y : tensor<?x80xf32>
      })mlir",
     false, 2},
    {"dynamic_all", R"mlir(
      func.func @main(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>)
          -> tensor<?x?xf32> {
        %y = meld.matmul %x, %w
            : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
        return %y : tensor<?x?xf32>
      })mlir",
     false, 0},
    {"transposed", R"mlir(
      func.func @main(%a: tensor<37x70xf32>, %b: tensor<93x37xf32>,
                      %c: tensor<70x37xf32>) -> (tensor<70x93xf32>,
                                                 tensor<70x70xf32>) {
        %y = meld.matmul %a, %b transpose_lhs transpose_rhs
            : tensor<37x70xf32>, tensor<93x37xf32> -> tensor<70x93xf32>
        %z = meld.matmul %c, %c transpose_rhs
            : tensor<70x37xf32>, tensor<70x37xf32> -> tensor<70x70xf32>
        return %y, %z : tensor<70x93xf32>, tensor<70x70xf32>
      })mlir",
     false, 2},
    {"batch", R"mlir(
      func.func @main(%q: tensor<3x20x24xf32>, %k: tensor<3x33x24xf32>,
                      %v: tensor<3x33x17xf32>) -> tensor<3x20x17xf32> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<3x20x24xf32>, tensor<3x33x24xf32> -> tensor<3x20x33xf32>
        %o = meld.batch_matmul %s, %v
            : tensor<3x20x33xf32>, tensor<3x33x17xf32> -> tensor<3x20x17xf32>
        return %o : tensor<3x20x17xf32>
      })mlir",
     false, 0},
    {"bias_gelu", R"mlir(
      func.func @main(%x: tensor<?x40xf32>, %w: tensor<40x100xf32>,
                      %bias: tensor<100xf32>) -> tensor<?x100xf32> {
        %n = meld.dim %x, 0 : tensor<?x40xf32>
        %h = meld.matmul %x, %w
            : tensor<?x40xf32>, tensor<40x100xf32> -> tensor<?x100xf32>
        %bb = meld.broadcast_in_dim %bias, dims = [1] sizes(%n)
            : tensor<100xf32> -> tensor<?x100xf32>
        %a = meld.add %h, %bb : tensor<?x100xf32>
        %y = meld.gelu %a approximate = tanh : tensor<?x100xf32>
        return %y : tensor<?x100xf32>
      })mlir",
     true, 2},
    {"residual_halves", R"mlir(
      func.func @main(%x: tensor<70x40xf16>, %w: tensor<40x50xf16>,
                      %r: tensor<70x50xf32>) -> tensor<70x50xf32> {
        %h = meld.matmul %x, %w
            : tensor<70x40xf16>, tensor<40x50xf16> -> tensor<70x50xf32>
        %y = meld.add %h, %r : tensor<70x50xf32>
        return %y : tensor<70x50xf32>
      })mlir",
     true, 0},
};

void PrintTo(const GemmProgram &program, std::ostream *os) {
  *os << program.name;
}

/// Keeps a copy of the module meld-map-to-gpu produces.
struct KeepMappedModule : public PassInstrumentation {
  OwningOpRef<ModuleOp> *mapped;
  explicit KeepMappedModule(OwningOpRef<ModuleOp> *mapped) : mapped(mapped) {}
  void runAfterPass(Pass *pass, Operation *op) override {
    if (pass->getArgument() == "meld-map-to-gpu")
      *mapped = cast<ModuleOp>(op->clone());
  }
};

class TiledGemm : public HostCodegen,
                  public ::testing::TestWithParam<GemmProgram> {};

TEST_P(TiledGemm, EmulatedMatchesTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().source, &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true,
                          std::string(GetParam().name) + " (GPU mapping)",
                          /*emulateGpu=*/true, {1, 5, 70, 130});
  checkAgainstInterpreter(*module, /*fuse=*/true, GetParam().name);
}

// The GPU kernels have no contraction left as a linalg op: each is a k loop
// carrying 16 accumulators around two barriers and the staging stores into
// workgroup memory; with an epilogue, that is applied after the k loop and
// the contraction's result is no intermediate (the only workgroup buffers
// are the staged slices).
TEST_P(TiledGemm, ContractionsAreTiledInWorkgroupMemory) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().source, &context);
  ASSERT_TRUE(module) << diagnostics;
  OwningOpRef<ModuleOp> mapped;
  meld::CompileOptions options;
  options.targets = {"nvptx"};
  options.nvptxChips = {"sm_90"};
  options.configurePassManager = [&](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepMappedModule>(&mapped));
    return success();
  };
  ASSERT_TRUE(succeeded(meld::compileToBundle(*module, options)))
      << diagnostics;
  ASSERT_TRUE(mapped);
  int kernels = 0;
  mapped->walk([&](gpu::GPUFuncOp func) {
    ++kernels;
    std::string name = func.getName().str();
    func.walk([&](linalg::LinalgOp op) {
      EXPECT_EQ(op.getNumReductionLoops(), 0u)
          << name << ": a contraction was not tiled";
    });
    int kLoops = 0;
    func.walk([&](scf::ForOp loop) {
      // The k loop, not the loop over the steps of one slice inside it.
      auto outer = loop->getParentOfType<scf::ForOp>();
      if (loop.getNumRegionIterArgs() != 16 ||
          (outer && outer.getNumRegionIterArgs() == 16))
        return;
      ++kLoops;
      int barriers = 0, staged = 0;
      loop.walk([&](gpu::BarrierOp) { ++barriers; });
      loop.walk([&](memref::StoreOp store) {
        auto view = store.getMemRef().getDefiningOp<memref::ViewOp>();
        staged += view && view.getSource()
                              .getDefiningOp<memref::MemorySpaceCastOp>();
      });
      EXPECT_EQ(barriers, 2) << name;
      EXPECT_EQ(staged, 2) << name << ": one slice of each operand";
    });
    EXPECT_EQ(kLoops, 1) << name;
    auto columns = func->getAttrOfType<IntegerAttr>(
        meld::kGpuColumnBlocksAttrName);
    EXPECT_EQ(columns ? columns.getInt() : 0, GetParam().columnBlocks)
        << name;
    EXPECT_EQ(func.getNumWorkgroupAttributions(), 2u)
        << name << ": only the two staged slices live in workgroup memory";
    if (GetParam().epilogue) {
      int separate = 0;
      func.walk([&](Operation *op) {
        separate += isa<linalg::LinalgOp, vector::StoreOp>(op);
      });
      EXPECT_EQ(separate, 0) << name << ": the epilogue is a separate op";
    }
  });
  EXPECT_GT(kernels, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Programs, TiledGemm, ::testing::ValuesIn(kGemmPrograms),
    [](const ::testing::TestParamInfo<GemmProgram> &info) {
      return std::string(info.param.name);
    });

class RandomProgram : public HostCodegen,
                      public ::testing::TestWithParam<int> {};

TEST_P(RandomProgram, CompiledMatchesTheInterpreter) {
  meld::RandomProgramOptions options;
  options.seed = 5000 + GetParam();
  options.numOps = 6 + GetParam() % 20;
  OwningOpRef<ModuleOp> module = meld::buildRandomProgram(&context, options);
  ASSERT_TRUE(succeeded(verify(*module))) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/GetParam() % 4 != 3,
                          "random program " + std::to_string(GetParam()));
  checkAgainstInterpreter(*module, /*fuse=*/GetParam() % 4 != 3,
                          "random program " + std::to_string(GetParam()) +
                              " (GPU mapping)",
                          /*emulateGpu=*/true);
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomProgram, ::testing::Range(0, 24));

} // namespace
