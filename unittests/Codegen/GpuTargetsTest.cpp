//===- GpuTargetsTest.cpp - Every PTX and HSACO the compiler emits is valid
//===//
//
// Compiles every program in examples/ and the fusion model suite for NVPTX
// (sm_80, sm_90) and AMDGPU (gfx90a, gfx942). Each PTX module must be
// accepted by ptxas for its chip (skipped when /usr/local/cuda/bin/ptxas is
// absent); each HSACO must be a 64-bit little-endian AMDGPU ELF shared
// object for its chip, with a kernel descriptor (`<kernel>.kd`) for every
// kernel the host side launches and an AMDGPU metadata note.
//
//===----------------------------------------------------------------------===//

#include "../Support/MeldTestContext.h"
#include "ProgramFiles.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"

#include "mlir/Parser/Parser.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <set>

using namespace mlir;

namespace {

constexpr const char *kPtxas = "/usr/local/cuda/bin/ptxas";
constexpr const char *kObjdump = "/usr/lib/llvm-22/bin/llvm-objdump";

/// Runs `program` with `args` and a temporary file holding `bytes` as its
/// last argument; `output` receives what it printed. Returns its exit code
/// (-1 when it could not run).
int runOnFile(llvm::StringRef program, llvm::ArrayRef<llvm::StringRef> args,
              llvm::StringRef bytes, std::string &output) {
  llvm::SmallString<128> input, log;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("meld", "bin", fd, input)) {
    output = "cannot create a temporary file";
    return -1;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
  }
  llvm::sys::fs::createTemporaryFile("meld-tool", "log", log);
  llvm::SmallVector<llvm::StringRef> argv = {program};
  llvm::append_range(argv, args);
  argv.push_back(input);
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(log), llvm::StringRef(log)};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, redirects,
                                     /*SecondsToWait=*/120, 0, &error);
  auto text = llvm::MemoryBuffer::getFile(log);
  output = error + (text ? (*text)->getBuffer().str() : std::string());
  llvm::sys::fs::remove(input);
  llvm::sys::fs::remove(log);
  return rc;
}

/// Runs ptxas on `ptx` for `chip`; returns its diagnostics, empty on success.
std::string runPtxas(llvm::StringRef ptx, llvm::StringRef chip) {
  std::string arch = ("-arch=" + chip).str();
  std::string output;
  int rc = runOnFile(kPtxas, {arch, "-o", "/dev/null"}, ptx, output);
  return rc == 0 ? ""
                 : "ptxas exited with " + std::to_string(rc) + ": " + output;
}

unsigned amdgpuMach(llvm::StringRef chip) {
  return llvm::StringSwitch<unsigned>(chip)
      .Case("gfx90a", llvm::ELF::EF_AMDGPU_MACH_AMDGCN_GFX90A)
      .Case("gfx942", llvm::ELF::EF_AMDGPU_MACH_AMDGCN_GFX942)
      .Default(0);
}

/// Checks an HSACO; returns what is wrong, empty when it is valid.
std::string checkHsaco(llvm::StringRef bytes, llvm::StringRef chip,
                       const llvm::json::Array &kernels) {
  auto object = llvm::object::ObjectFile::createObjectFile(
      llvm::MemoryBufferRef(bytes, "hsaco"));
  if (!object)
    return "not an object file: " + llvm::toString(object.takeError());
  auto *elf = llvm::dyn_cast<llvm::object::ELF64LEObjectFile>(object->get());
  if (!elf)
    return "not a 64-bit little-endian ELF";
  const auto &header = elf->getELFFile().getHeader();
  if (header.e_machine != llvm::ELF::EM_AMDGPU)
    return "e_machine is not EM_AMDGPU";
  if (header.e_type != llvm::ELF::ET_DYN)
    return "not a shared object (HSA code objects are ET_DYN)";
  if ((header.e_flags & llvm::ELF::EF_AMDGPU_MACH) != amdgpuMach(chip))
    return "e_flags do not name " + chip.str();
  llvm::StringSet<> symbols;
  for (const llvm::object::SymbolRef &sym : elf->symbols())
    if (auto name = sym.getName())
      symbols.insert(*name);
    else
      llvm::consumeError(name.takeError());
  for (const llvm::json::Value &k : kernels)
    if (!symbols.contains((*k.getAsString() + ".kd").str()))
      return "no kernel descriptor for '" + k.getAsString()->str() + "'";
  bool metadata = false;
  auto sections = elf->getELFFile().sections();
  if (!sections)
    return llvm::toString(sections.takeError());
  for (const auto &section : *sections) {
    if (section.sh_type != llvm::ELF::SHT_NOTE)
      continue;
    llvm::Error err = llvm::Error::success();
    for (const auto &note : elf->getELFFile().notes(section, err))
      if (note.getName() == "AMDGPU" &&
          note.getType() == llvm::ELF::NT_AMDGPU_METADATA)
        metadata = true;
    if (err)
      return llvm::toString(std::move(err));
  }
  return metadata ? "" : "no AMDGPU metadata note";
}

class GpuTargets : public meld::testing::MeldTestContext,
                   public ::testing::TestWithParam<std::string> {
protected:
  GpuTargets() {
    DialectRegistry registry;
    meld::codegen::registerCodegenDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
};

/// Single programs compiled for the GPU targets, with accessors for what
/// the tests inspect.
class GpuKernels : public meld::testing::MeldTestContext,
                   public ::testing::Test {
protected:
  GpuKernels() {
    DialectRegistry registry;
    meld::codegen::registerCodegenDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Compiles `source` for `targets` (NVPTX for sm_90 only unless
  /// `allChips`); fails the test on an error.
  FailureOr<meld::bundle::Bundle> compile(StringRef source,
                                          std::vector<std::string> targets,
                                          bool allChips = false,
                                          bool mmaSync = true) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << diagnostics;
    if (!module)
      return failure();
    meld::CompileOptions options;
    options.targets = std::move(targets);
    if (!allChips)
      options.nvptxChips = {"sm_90"};
    options.mmaSync = mmaSync;
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(*module, options);
    EXPECT_TRUE(succeeded(bundle)) << diagnostics;
    return bundle;
  }

  static const llvm::json::Array &kernelsOf(const meld::bundle::Bundle &b) {
    return *b.metadata.getArray("kernels");
  }

  /// The grid's x formula of kernel `i`, as JSON text.
  static std::string gridOf(const meld::bundle::Bundle &b, size_t i) {
    const llvm::json::Object &launch =
        *kernelsOf(b)[i].getAsObject()->getObject("gpu_launch");
    return llvm::formatv("{0}", (*launch.getArray("grid"))[0]).str();
  }

  /// Calls `inspect` on every PTX of `b` (then assembles it when ptxas is
  /// there) and checks every HSACO.
  static void
  checkBinaries(const meld::bundle::Bundle &b,
                llvm::function_ref<void(StringRef chip, StringRef ptx,
                                        const llvm::json::Object &binary)>
                    inspect) {
    bool havePtxas = llvm::sys::fs::can_execute(kPtxas);
    for (const llvm::json::Value &v : *b.metadata.getArray("binaries")) {
      const llvm::json::Object &binary = *v.getAsObject();
      StringRef chip = *binary.getString("chip");
      const std::string &bytes = b.blobs[*binary.getInteger("blob")];
      if (binary.getString("format") != "ptx") {
        EXPECT_EQ(checkHsaco(bytes, chip, *binary.getArray("kernels")), "")
            << chip.str();
        continue;
      }
      SCOPED_TRACE(chip.str());
      inspect(chip, bytes, binary);
      if (havePtxas)
        EXPECT_EQ(runPtxas(bytes, chip), "");
    }
  }

  static const std::string &firstBinary(const meld::bundle::Bundle &b) {
    return b
        .blobs[*(*b.metadata.getArray("binaries"))[0].getAsObject()->getInteger(
            "blob")];
  }
};

TEST_P(GpuTargets, PtxAndHsacoAreValid) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.targets = {"nvptx", "amdgpu"};
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(*module, options);
  ASSERT_TRUE(succeeded(bundle)) << diagnostics;
  bool havePtxas = llvm::sys::fs::can_execute(kPtxas);
  int ptx = 0, hsaco = 0;
  for (const llvm::json::Value &v : *bundle->metadata.getArray("binaries")) {
    const llvm::json::Object &b = *v.getAsObject();
    StringRef chip = *b.getString("chip");
    const std::string &bytes = bundle->blobs[*b.getInteger("blob")];
    std::string what =
        (GetParam() + " " + *b.getString("module") + " for " + chip).str();
    ASSERT_TRUE(b.getArray("kernels") && !b.getArray("kernels")->empty())
        << what;
    // One GPU kernel per bundle kernel: fusion groups stay one launch.
    EXPECT_EQ(b.getArray("kernels")->size(),
              bundle->metadata.getArray("kernels")->size())
        << what;
    if (b.getString("format") == "ptx") {
      ++ptx;
      EXPECT_NE(bytes.find(".target " + chip.str()), std::string::npos) << what;
      size_t entries = 0;
      for (size_t at = bytes.find(".entry "); at != std::string::npos;
           at = bytes.find(".entry ", at + 1))
        ++entries;
      EXPECT_EQ(entries, b.getArray("kernels")->size()) << what;
      // sm_90 kernels wait for their grid dependencies first thing (so
      // the runtime may launch them as programmatic dependents), and the
      // entry says so; sm_80 has no griddepcontrol.
      size_t waits = 0;
      for (size_t at = bytes.find("griddepcontrol.wait;");
           at != std::string::npos;
           at = bytes.find("griddepcontrol.wait;", at + 1))
        ++waits;
      bool waitsForGrids = chip == "sm_90";
      EXPECT_EQ(waits, waitsForGrids ? entries : 0) << what;
      EXPECT_EQ(b.getBoolean("grid_dependency_wait").value_or(false),
                waitsForGrids)
          << what;
      if (havePtxas)
        EXPECT_EQ(runPtxas(bytes, chip), "") << what;
    } else {
      ++hsaco;
      EXPECT_EQ(checkHsaco(bytes, chip, *b.getArray("kernels")), "") << what;
    }
  }
  // Every kernel says how to launch it: grid formula and workgroup size.
  for (const llvm::json::Value &k : *bundle->metadata.getArray("kernels")) {
    const llvm::json::Object *launch = k.getAsObject()->getObject("gpu_launch");
    ASSERT_TRUE(launch) << GetParam();
    EXPECT_EQ(launch->getArray("grid")->size(), 3u) << GetParam();
    EXPECT_EQ((*launch->getArray("block"))[0].getAsInteger(),
              meld::codegen::kGpuBlockSize)
        << GetParam();
  }
  // Each kernel module is emitted once per chip: two NVPTX, two AMDGPU.
  EXPECT_GT(ptx, 0);
  EXPECT_EQ(ptx, hsaco);
  EXPECT_EQ(ptx % 2, 0);
  if (!havePtxas)
    GTEST_SKIP() << "ptxas not found at " << kPtxas
                 << "; PTX was generated but not assembled";
}

// Elementwise ops on halves take 128-bit accesses too: eight f16 per
// thread (an add and a GELU read and write 128 bits), and a f16 -> f32 cast
// reads 64 bits and writes 128; no 16-bit global access is left. The cast
// reads an input of its own: ops reading the same input merge into one op
// (mergeElementwiseSiblings), whose widest element sets the width. The code
// assembles for every chip (the emulated mapping checks its results).
TEST_F(GpuKernels, HalvesUse128BitAccesses) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @main(%x: tensor<256x1024xf16>, %y: tensor<256x1024xf16>,
                    %z: tensor<256x1024xf16>)
        -> (tensor<256x1024xf16>, tensor<256x1024xf32>) {
      %s = meld.add %x, %y : tensor<256x1024xf16>
      %e = meld.gelu %s approximate = tanh : tensor<256x1024xf16>
      %f = meld.cast %z : tensor<256x1024xf16> to tensor<256x1024xf32>
      return %e, %f : tensor<256x1024xf16>, tensor<256x1024xf32>
    })mlir",
                                                   {"nvptx", "amdgpu"},
                                                   /*allChips=*/true);
  ASSERT_TRUE(succeeded(bundle));
  checkBinaries(*bundle,
                [](StringRef, StringRef ptx, const llvm::json::Object &) {
                  EXPECT_TRUE(ptx.contains("ld.global.v4.b32"));
                  // The cast's 64-bit reads, as two words or four halves.
                  EXPECT_TRUE(ptx.contains("ld.global.v2.b32") ||
                              ptx.contains("ld.global.v4.b16"));
                  EXPECT_TRUE(ptx.contains("st.global.v4.b32"));
                  EXPECT_FALSE(ptx.contains("ld.global.b16"));
                  EXPECT_FALSE(ptx.contains("st.global.b16"));
                });
}

// Every GPU kernel takes its status cell last (the runtime passes it with
// each launch), and a thread whose integer divisor is zero stores code 1
// there. The code assembles for every chip.
TEST_F(GpuKernels, IntegerDivisionReportsToTheStatusCell) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @main(%a: tensor<64x256xi32>, %b: tensor<64x256xi32>,
                    %x: tensor<64x256xf32>)
        -> (tensor<64x256xi32>, tensor<64x256xf32>) {
      %q = meld.div %a, %b : tensor<64x256xi32>
      %r = meld.add %q, %a : tensor<64x256xi32>
      %e = meld.exp %x : tensor<64x256xf32>
      return %r, %e : tensor<64x256xi32>, tensor<64x256xf32>
    })mlir",
                                                   {"nvptx", "amdgpu"},
                                                   /*allChips=*/true);
  ASSERT_TRUE(succeeded(bundle));
  // An entry whose last parameter is a pointer: its name and that
  // parameter's.
  llvm::Regex entryWithPointerLast(
      "\\.entry ([a-z_0-9]+)\\([^)]*\\.param \\.u64 \\.ptr[ .a-z0-9]* "
      "([a-z_0-9]+_param_[0-9]+)[ \t\n]*\\)");
  checkBinaries(
      *bundle, [&](StringRef, StringRef ptx, const llvm::json::Object &binary) {
        // Entry by entry: the status parameter is loaded, made a global
        // address, and stored 1 through where the divisor is checked.
        size_t entries = 0, storing = 0;
        StringRef rest = ptx;
        SmallVector<StringRef> match;
        while (entryWithPointerLast.match(rest, &match)) {
          ++entries;
          std::string param = match[2].str();
          rest = rest.drop_front(rest.find(match[0]) + match[0].size());
          StringRef body = rest.take_front(rest.find("\n}"));
          SmallVector<StringRef> loaded, global;
          llvm::Regex load("ld\\.param\\.b64[ \t]+(%rd[0-9]+), \\[" + param +
                           "\\];");
          if (!load.match(body, &loaded))
            continue;
          llvm::Regex toGlobal("cvta\\.to\\.global\\.u64[ \t]+(%rd[0-9]+), " +
                               loaded[1].str() + ";");
          if (toGlobal.match(body, &global) &&
              body.contains("st.global.b32 \t[" + global[1].str() + "], 1;"))
            ++storing;
        }
        EXPECT_EQ(entries, binary.getArray("kernels")->size());
        EXPECT_EQ(storing, 1u);
      });
}

// A thread whose gather index is out of bounds stores code 2 in the
// kernel's status cell (and reads nothing); a remainder's zero divisor
// stores 1, as a division's. The code assembles for every chip.
TEST_F(GpuKernels, GatherAndRemainderReportToTheStatusCell) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @main(%table: tensor<256x64xf32>, %ids: tensor<?x?xi64>,
                    %a: tensor<64x256xi32>, %b: tensor<64x256xi32>)
        -> (tensor<?x?x64xf32>, tensor<64x256xi32>) {
      %e = meld.gather %table, %ids axis = 0
          : (tensor<256x64xf32>, tensor<?x?xi64>) -> tensor<?x?x64xf32>
      %r = meld.rem %a, %b : tensor<64x256xi32>
      return %e, %r : tensor<?x?x64xf32>, tensor<64x256xi32>
    })mlir",
                                                   {"nvptx", "amdgpu"},
                                                   /*allChips=*/true);
  ASSERT_TRUE(succeeded(bundle));
  checkBinaries(*bundle,
                [](StringRef, StringRef ptx, const llvm::json::Object &) {
                  llvm::Regex store("st\\.global\\.b32[ \t]+\\[%rd[0-9]+\\], "
                                    "([12]);");
                  SmallVector<StringRef> match;
                  std::set<std::string> codes;
                  StringRef rest = ptx;
                  while (store.match(rest, &match)) {
                    codes.insert(match[1].str());
                    rest = rest.drop_front(rest.find(match[0]) + 1);
                  }
                  EXPECT_EQ(codes, (std::set<std::string>{"1", "2"}));
                });
}

// Rows of a dynamic count keep 128-bit accesses: the innermost extent and
// the row stride are static.
TEST_F(GpuKernels, DynamicRowsUse128BitAccesses) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @main(%x: tensor<?x1024xf32>, %y: tensor<?x1024xf32>)
        -> tensor<?x1024xf32> {
      %s = meld.add %x, %y : tensor<?x1024xf32>
      %e = meld.exp %s : tensor<?x1024xf32>
      return %e : tensor<?x1024xf32>
    })mlir",
                                                   {"nvptx"});
  ASSERT_TRUE(succeeded(bundle));
  const std::string &ptx = firstBinary(*bundle);
  EXPECT_NE(ptx.find("ld.global.v4.b32"), std::string::npos);
  EXPECT_NE(ptx.find("st.global.v4.b32"), std::string::npos);
  EXPECT_EQ(ptx.find("ld.global.f32"), std::string::npos);
  EXPECT_EQ(ptx.find("ld.global.b32"), std::string::npos);
}

// Row statistics are reduced by the whole workgroup: subgroup shuffles
// (shfl.sync.bfly on NVIDIA) and a workgroup-memory combine, in the same
// single kernel as the normalization.
TEST_F(GpuKernels, RowReductionsUseWarpShuffles) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @main(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
      %s = meld.reduce sum %x dims = [1] keep_dims
          : tensor<64x1024xf32> -> tensor<64x1xf32>
      %b = meld.broadcast_in_dim %s, dims = [0, 1]
          : tensor<64x1xf32> -> tensor<64x1024xf32>
      %y = meld.div %x, %b : tensor<64x1024xf32>
      return %y : tensor<64x1024xf32>
    })mlir",
                                                   {"nvptx"});
  ASSERT_TRUE(succeeded(bundle));
  const llvm::json::Array &kernels = kernelsOf(*bundle);
  ASSERT_EQ(kernels.size(), 1u);
  // One workgroup per row: 64 rows of 1024 elements.
  EXPECT_EQ(gridOf(*bundle, 0), R"({"ceildiv":[64,1]})");
  const std::string &ptx = firstBinary(*bundle);
  EXPECT_NE(ptx.find("shfl.sync.bfly"), std::string::npos);
  EXPECT_NE(ptx.find(".shared"), std::string::npos);
  EXPECT_NE(ptx.find("bar.sync"), std::string::npos);
  // The normalization reads and writes rows 128 bits at a time.
  EXPECT_NE(ptx.find("ld.global.v4"), std::string::npos);
  EXPECT_NE(ptx.find("st.global.v4"), std::string::npos);
}

// Row statistics that end in elementwise ops split into row blocks too: a
// layer norm's mean and variance (the variance reads the stored mean, not
// a copy of its division fused into the sum), a mean alone (blocks sized by
// the elements the fused sum reduces, not the one quotient per row), and a
// kernel whose blocks are counted on its second output (the grid follows
// that output's rows). Each ran as one workgroup, or the last on a grid
// counted on the first output's 96 x 512 elements.
TEST_F(GpuKernels, RowStatisticsRunOnAWorkgroupPerRow) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @stats(%x: tensor<1x128x768xf32>)
        -> (tensor<1x128x1xf32>, tensor<1x128x1xf32>) {
      %m = meld.reduce mean %x dims = [2] keep_dims
          : tensor<1x128x768xf32> -> tensor<1x128x1xf32>
      %b = meld.broadcast_in_dim %m, dims = [0, 1, 2]
          : tensor<1x128x1xf32> -> tensor<1x128x768xf32>
      %d = meld.sub %x, %b : tensor<1x128x768xf32>
      %s = meld.mul %d, %d : tensor<1x128x768xf32>
      %v = meld.reduce mean %s dims = [2] keep_dims
          : tensor<1x128x768xf32> -> tensor<1x128x1xf32>
      return %m, %v : tensor<1x128x1xf32>, tensor<1x128x1xf32>
    }
    func.func @mean(%x: tensor<128x768xf32>) -> tensor<128x1xf32> {
      %m = meld.reduce mean %x dims = [1] keep_dims
          : tensor<128x768xf32> -> tensor<128x1xf32>
      return %m : tensor<128x1xf32>
    }
    func.func @update_and_norms(%g: tensor<96x512xf32>, %m: tensor<96x512xf32>)
        -> (tensor<96x512xf32>, tensor<96x1xf32>) {
      %m2 = meld.add %m, %g : tensor<96x512xf32>
      %u = meld.mul %m2, %m2 : tensor<96x512xf32>
      %s = meld.reduce sum %u dims = [1] keep_dims
          : tensor<96x512xf32> -> tensor<96x1xf32>
      return %m2, %s : tensor<96x512xf32>, tensor<96x1xf32>
    })mlir",
                                                   {"nvptx"});
  ASSERT_TRUE(succeeded(bundle));
  ASSERT_EQ(kernelsOf(*bundle).size(), 3u);
  EXPECT_EQ(gridOf(*bundle, 0), "128");
  EXPECT_EQ(gridOf(*bundle, 1), R"({"ceildiv":[{"mul":[128,1]},1]})");
  EXPECT_EQ(gridOf(*bundle, 2), "48"); // 2 rows of 512 per workgroup
}

// Blocks split the rows of a batch, not only the batch: a batch of 8
// sequences of 128 tokens is 1024 rows (merge-leading-dims), and an
// attention's log-sum-exp over 12 heads of 128 rows (PyTorch's
// decomposition: the kept-dims maximum, its isinf flag and the log of the
// sum, stored as three element types and two shapes, joined) is 1536
// rows. They ran on 8 workgroups, and on 1.
TEST_F(GpuKernels, RowsOfABatchSplitOverWorkgroups) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @rms(%x: tensor<8x128x2048xf32>, %w: tensor<2048xf32>)
        -> tensor<8x128x2048xf32> {
      %sq = meld.mul %x, %x : tensor<8x128x2048xf32>
      %ms = meld.reduce mean %sq dims = [2] keep_dims
          : tensor<8x128x2048xf32> -> tensor<8x128x1xf32>
      %r = meld.rsqrt %ms : tensor<8x128x1xf32>
      %rb = meld.broadcast_in_dim %r, dims = [0, 1, 2]
          : tensor<8x128x1xf32> -> tensor<8x128x2048xf32>
      %y = meld.mul %x, %rb : tensor<8x128x2048xf32>
      %wb = meld.broadcast_in_dim %w, dims = [2]
          : tensor<2048xf32> -> tensor<8x128x2048xf32>
      %z = meld.mul %y, %wb : tensor<8x128x2048xf32>
      return %z : tensor<8x128x2048xf32>
    }
    func.func @silu_mul(%g: tensor<8x128x8192xf32>, %u: tensor<8x128x8192xf32>)
        -> tensor<1024x8192xf32> {
      %s = meld.sigmoid %g : tensor<8x128x8192xf32>
      %gs = meld.mul %g, %s : tensor<8x128x8192xf32>
      %z = meld.mul %gs, %u : tensor<8x128x8192xf32>
      %m = meld.reshape %z : tensor<8x128x8192xf32> -> tensor<1024x8192xf32>
      return %m : tensor<1024x8192xf32>
    }
    func.func @log_sum_exp(%x: tensor<1x12x128x128xf32>)
        -> (tensor<1x12x128x1xf32>, tensor<1x12x128x1xi1>, tensor<1x12x128xf32>) {
      %max = meld.reduce max %x dims = [3] keep_dims
          : tensor<1x12x128x128xf32> -> tensor<1x12x128x1xf32>
      %abs = meld.abs %max : tensor<1x12x128x1xf32>
      %inf = meld.constant dense<0x7F800000> : tensor<1x12x128x1xf32>
      %isinf = meld.compare eq, %abs, %inf : tensor<1x12x128x1xf32>
      %zero = meld.constant dense<0.0> : tensor<1x12x128x1xf32>
      %m = meld.select %isinf, %zero, %max
          : tensor<1x12x128x1xi1>, tensor<1x12x128x1xf32>
      %mb = meld.broadcast_in_dim %m, dims = [0, 1, 2, 3]
          : tensor<1x12x128x1xf32> -> tensor<1x12x128x128xf32>
      %d = meld.sub %x, %mb : tensor<1x12x128x128xf32>
      %e = meld.exp %d : tensor<1x12x128x128xf32>
      %sum = meld.reduce sum %e dims = [3]
          : tensor<1x12x128x128xf32> -> tensor<1x12x128xf32>
      %log = meld.log %sum : tensor<1x12x128xf32>
      return %max, %isinf, %log
          : tensor<1x12x128x1xf32>, tensor<1x12x128x1xi1>, tensor<1x12x128xf32>
    })mlir",
                                                   {"nvptx"});
  ASSERT_TRUE(succeeded(bundle));
  ASSERT_EQ(kernelsOf(*bundle).size(), 3u);
  EXPECT_EQ(gridOf(*bundle, 0), R"({"ceildiv":[{"mul":[8,128]},1]})");
  EXPECT_EQ(gridOf(*bundle, 1), R"({"min":[{"ceildiv":[1024,1]},4096]})");
  EXPECT_EQ(gridOf(*bundle, 2),
            R"({"ceildiv":[{"mul":[{"mul":[{"mul":[1,12]},128]},1]},8]})");
}

// Products that horizontal fusion joins (a decode step's K and V
// projections of one hidden state) are kernels of their own on a GPU,
// whose columns split over workgroups: joined, each product ran on one
// workgroup.
TEST_F(GpuKernels, HorizontalProductsAreKernelsOfTheirOwn) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @main(%x: tensor<1x2048xf32>, %k: tensor<2048x512xf32>,
                    %v: tensor<2048x256xf32>)
        -> (tensor<1x512xf32>, tensor<1x256xf32>) {
      %a = meld.matmul %x, %k
          : tensor<1x2048xf32>, tensor<2048x512xf32> -> tensor<1x512xf32>
      %b = meld.matmul %x, %v
          : tensor<1x2048xf32>, tensor<2048x256xf32> -> tensor<1x256xf32>
      return %a, %b : tensor<1x512xf32>, tensor<1x256xf32>
    })mlir",
                                                   {"nvptx"});
  ASSERT_TRUE(succeeded(bundle));
  const llvm::json::Array &kernels = kernelsOf(*bundle);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].getAsObject()->getString("kind"), "gemm");
  EXPECT_EQ(kernels[1].getAsObject()->getString("kind"), "gemm");
  EXPECT_EQ(gridOf(*bundle, 0), R"({"ceildiv":[{"mul":[1,512]},64]})");
  EXPECT_EQ(gridOf(*bundle, 1), R"({"ceildiv":[{"mul":[1,256]},64]})");
}

// A full reduction (an MSE loss), a sum over the rows of a tall matrix and
// the row sums of 4 very long rows are split in two: a partial kernel on a
// grid of 256 workgroups (one per chunk of rows, or of a long row, each
// reducing its chunk cooperatively) and a final kernel; both
// assemble for every chip.
TEST_F(GpuKernels, LongReductionsRunOnAGridOfPartials) {
  FailureOr<meld::bundle::Bundle> bundle =
      compile(R"mlir(
    func.func @mse(%p: tensor<2048x1024xf32>, %t: tensor<2048x1024xf32>) -> tensor<f32> {
      %d = meld.sub %p, %t : tensor<2048x1024xf32>
      %sq = meld.mul %d, %d : tensor<2048x1024xf32>
      %s = meld.reduce sum %sq dims = [0, 1] : tensor<2048x1024xf32> -> tensor<f32>
      %n = meld.constant dense<2097152.0> : tensor<f32>
      %l = meld.div %s, %n : tensor<f32>
      return %l : tensor<f32>
    }
    func.func @sum_tall(%x: tensor<65536x64xf16>) -> tensor<64xf16> {
      %s = meld.reduce sum %x dims = [0] : tensor<65536x64xf16> -> tensor<64xf16>
      return %s : tensor<64xf16>
    }
    func.func @long_rows(%x: tensor<4x262144xf32>) -> tensor<4xf32> {
      %s = meld.reduce sum %x dims = [1] : tensor<4x262144xf32> -> tensor<4xf32>
      return %s : tensor<4xf32>
    })mlir",
              {"nvptx", "amdgpu"}, /*allChips=*/true);
  ASSERT_TRUE(succeeded(bundle));
  const llvm::json::Array &kernels = kernelsOf(*bundle);
  ASSERT_EQ(kernels.size(), 6u);
  EXPECT_EQ(gridOf(*bundle, 0), R"({"ceildiv":[256,1]})");
  EXPECT_EQ(gridOf(*bundle, 1), "1");
  EXPECT_EQ(gridOf(*bundle, 2), R"({"ceildiv":[256,1]})");
  // The final sums of 256 partials each, 4 columns a workgroup (blocks are
  // sized by the elements they reduce).
  EXPECT_EQ(gridOf(*bundle, 3), R"({"ceildiv":[64,4]})");
  EXPECT_EQ(gridOf(*bundle, 4), R"({"ceildiv":[256,1]})");
  EXPECT_EQ(gridOf(*bundle, 5), R"({"ceildiv":[4,16]})"); // one workgroup
  bool havePtxas = llvm::sys::fs::can_execute(kPtxas);
  for (const llvm::json::Value &v : *bundle->metadata.getArray("binaries")) {
    const llvm::json::Object &b = *v.getAsObject();
    StringRef chip = *b.getString("chip");
    const std::string &bytes = bundle->blobs[*b.getInteger("blob")];
    if (b.getString("format") == "ptx") {
      // The partials are combined with warp shuffles.
      EXPECT_NE(bytes.find("shfl.sync.bfly"), std::string::npos);
      if (havePtxas)
        EXPECT_EQ(runPtxas(bytes, chip), "") << chip.str();
    } else {
      EXPECT_EQ(checkHsaco(bytes, chip, *b.getArray("kernels")), "")
          << chip.str();
    }
  }
}

// A linear layer with a bias + GELU epilogue is one tiled GEMM kernel: one
// workgroup per 64x64 output tile (row blocks times column tiles), the
// k slices staged in shared memory (aligned for the 32-bit accesses) between
// barriers, and only the activation's result stored to global memory.
TEST_F(GpuKernels, GemmStagesSlicesInSharedMemory) {
  FailureOr<meld::bundle::Bundle> bundle = compile(R"mlir(
    func.func @main(%x: tensor<128x256xf32>, %w: tensor<256x192xf32>,
                    %bias: tensor<192xf32>) -> tensor<128x192xf32> {
      %h = meld.matmul %x, %w
          : tensor<128x256xf32>, tensor<256x192xf32> -> tensor<128x192xf32>
      %bb = meld.broadcast_in_dim %bias, dims = [1]
          : tensor<192xf32> -> tensor<128x192xf32>
      %a = meld.add %h, %bb : tensor<128x192xf32>
      %y = meld.gelu %a approximate = tanh : tensor<128x192xf32>
      return %y : tensor<128x192xf32>
    })mlir",
                                                   {"nvptx"});
  ASSERT_TRUE(succeeded(bundle));
  const llvm::json::Array &kernels = kernelsOf(*bundle);
  ASSERT_EQ(kernels.size(), 1u);
  // 2 row blocks of 64 rows, 3 column tiles of 64 each.
  EXPECT_EQ(gridOf(*bundle, 0), R"({"mul":[{"ceildiv":[128,64]},3]})");
  const std::string &ptx = firstBinary(*bundle);
  // Two 16x64 f32 slices and nothing else in shared memory.
  size_t shared = 0;
  for (size_t at = ptx.find(".shared .align 32 .b8"); at != std::string::npos;
       at = ptx.find(".shared .align 32 .b8", at + 1)) {
    ++shared;
    EXPECT_NE(ptx.substr(at, 64).find("[4096]"), std::string::npos)
        << ptx.substr(at, 64);
  }
  EXPECT_EQ(shared, 2u);
  EXPECT_NE(ptx.find("st.shared"), std::string::npos);
  EXPECT_NE(ptx.find("ld.shared"), std::string::npos);
  EXPECT_NE(ptx.find("bar.sync"), std::string::npos);
  // One store per output of each thread's 4x4 tile, nothing else global.
  size_t stores = 0;
  for (size_t at = ptx.find("st.global"); at != std::string::npos;
       at = ptx.find("st.global", at + 1))
    ++stores;
  EXPECT_EQ(stores, 16u);
  if (llvm::sys::fs::can_execute(kPtxas))
    EXPECT_EQ(runPtxas(ptx, "sm_90"), "");
}

/// An f16 linear layer with a bias + ReLU epilogue, for the matrix cores.
constexpr const char *kHalfLinearRelu = R"mlir(
func.func @main(%x: tensor<128x96xf16>, %w: tensor<96x80xf16>,
                %bias: tensor<80xf16>) -> tensor<128x80xf16> {
  %h = meld.matmul %x, %w
      : tensor<128x96xf16>, tensor<96x80xf16> -> tensor<128x80xf16>
  %bb = meld.broadcast_in_dim %bias, dims = [1]
      : tensor<80xf16> -> tensor<128x80xf16>
  %a = meld.add %h, %bb : tensor<128x80xf16>
  %y = meld.relu %a : tensor<128x80xf16>
  return %y : tensor<128x80xf16>
})mlir";

// An f16 GEMM for NVIDIA runs on tensor cores. With WMMA fragments
// (CompileOptions::mmaSync = false), the warps multiply 16x16x16
// fragments of the staged slices (wmma.mma.sync with f16 accumulators, A
// column-major from its [k][m] slice), store them to a 64x64 tile in
// shared memory, and the threads apply the epilogue from there with one
// global store per output. f32 GEMMs keep the CUDA-core kernel.
TEST_F(GpuKernels, HalfGemmRunsOnTensorCores) {
  const char *source = kHalfLinearRelu;
  FailureOr<meld::bundle::Bundle> bundle =
      compile(source, {"nvptx"}, /*allChips=*/true, /*mmaSync=*/false);
  ASSERT_TRUE(succeeded(bundle));
  // 2 row blocks of 64 rows, 2 column tiles of 64.
  EXPECT_EQ(gridOf(*bundle, 0), R"({"mul":[{"ceildiv":[128,64]},2]})");
  for (const llvm::json::Value &v : *bundle->metadata.getArray("binaries")) {
    const llvm::json::Object &b = *v.getAsObject();
    std::string chip = b.getString("chip")->str();
    const std::string &ptx = bundle->blobs[*b.getInteger("blob")];
    auto count = [&](StringRef what) {
      size_t n = 0;
      for (size_t at = ptx.find(what); at != std::string::npos;
           at = ptx.find(what, at + 1))
        ++n;
      return n;
    };
    // Two fragments per warp and k slice (the 6 slices are unrolled).
    EXPECT_EQ(count("wmma.mma.sync.aligned.col.row.m16n16k16.f16.f16"), 12u)
        << chip;
    EXPECT_EQ(count("wmma.load.a.sync.aligned.col.m16n16k16.f16"), 6u) << chip;
    EXPECT_EQ(count("wmma.store.d.sync.aligned.row.m16n16k16"), 2u) << chip;
    EXPECT_EQ(count("st.global"), 16u) << chip;
    if (llvm::sys::fs::can_execute(kPtxas))
      EXPECT_EQ(runPtxas(ptx, chip), "") << chip;
  }
}

// By default (CompileOptions::mmaSync) the same GEMM uses PTX mma.sync
// m16n8k16 (nvgpu.mma.sync, operands gathered per lane from the staged
// slices) instead of WMMA fragments: four per warp and k slice, accepted
// by ptxas for sm_80 and sm_90. Its results are checked by host emulation
// (EmulatedMatrixCores) and on an H100 (docs/gpu-results.md).
TEST_F(GpuKernels, HalfGemmWithMmaSync) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kHalfLinearRelu, &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.targets = {"nvptx"};
  options.mmaSync = true;
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(*module, options);
  ASSERT_TRUE(succeeded(bundle)) << diagnostics;
  for (const llvm::json::Value &v : *bundle->metadata.getArray("binaries")) {
    const llvm::json::Object &b = *v.getAsObject();
    std::string chip = b.getString("chip")->str();
    const std::string &ptx = bundle->blobs[*b.getInteger("blob")];
    size_t mmas = 0;
    for (size_t at =
             ptx.find("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16");
         at != std::string::npos;
         at = ptx.find("mma.sync.aligned.m16n8k16", at + 1))
      ++mmas;
    // Four fragments per warp in the body of the k loop.
    EXPECT_EQ(mmas, 4u) << chip;
    EXPECT_EQ(ptx.find("wmma."), std::string::npos) << chip;
    if (llvm::sys::fs::can_execute(kPtxas))
      EXPECT_EQ(runPtxas(ptx, chip), "") << chip;
  }
}

// On AMD CDNA chips (gfx90a, gfx942) the same f16 GEMM runs on matrix cores:
// each of the 4 wavefronts multiplies four 16x16x16 steps per k slice with
// v_mfma_f32_16x16x16f16 (f32 accumulators), and the threads apply the
// epilogue from the shared tile with one global store per output. A chip
// list holding a chip without matrix cores (gfx1100) keeps the plain GEMM
// for all of them (one mapping serves every chip). Not run on AMD hardware:
// docs/codegen.md.
TEST_F(GpuKernels, HalfGemmRunsOnAmdMatrixCores) {
  const char *source = kHalfLinearRelu;
  if (!llvm::sys::fs::can_execute(kObjdump))
    GTEST_SKIP() << "llvm-objdump not found at " << kObjdump;
  auto mfmaCounts = [&](const std::vector<std::string> &chips) {
    std::map<std::string, size_t> counts;
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    meld::CompileOptions options;
    options.targets = {"amdgpu"};
    options.amdgpuChips = chips;
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(*module, options);
    EXPECT_TRUE(succeeded(bundle)) << diagnostics;
    if (failed(bundle))
      return counts;
    for (const llvm::json::Value &v : *bundle->metadata.getArray("binaries")) {
      const llvm::json::Object &b = *v.getAsObject();
      std::string chip = b.getString("chip")->str();
      const std::string &hsaco = bundle->blobs[*b.getInteger("blob")];
      std::string text;
      EXPECT_EQ(runOnFile(kObjdump, {"-d", "--no-show-raw-insn"}, hsaco, text),
                0)
          << text;
      size_t n = 0;
      for (size_t at = text.find("v_mfma_f32_16x16x16");
           at != std::string::npos;
           at = text.find("v_mfma_f32_16x16x16", at + 1))
        ++n;
      counts[chip] = n;
      if (chip != "gfx1100")
        EXPECT_EQ(checkHsaco(hsaco, chip, *b.getArray("kernels")), "") << chip;
    }
    return counts;
  };
  std::map<std::string, size_t> cdna = mfmaCounts({"gfx90a", "gfx942"});
  ASSERT_EQ(cdna.size(), 2u);
  for (auto &[chip, n] : cdna) {
    // Four fragments per wavefront and k slice, 6 slices of 16 (unrolled).
    EXPECT_EQ(n, 24u) << chip;
  }
  std::map<std::string, size_t> mixed = mfmaCounts({"gfx90a", "gfx1100"});
  for (auto &[chip, n] : mixed)
    EXPECT_EQ(n, 0u) << chip;
}

TEST(RocmRoot, ConfiguredEnvironmentBuiltThenOneOfItsOwn) {
  namespace fs = llvm::sys::fs;
  // ROCM_PATH aside and XDG_CACHE_HOME a directory of the test's, both
  // restored after.
  llvm::SmallString<128> built, cache;
  ASSERT_FALSE(fs::createUniqueDirectory("meld-rocm-built", built));
  ASSERT_FALSE(fs::createUniqueDirectory("meld-rocm-cache", cache));
  std::optional<std::string> savedRocm =
      llvm::sys::Process::GetEnv("ROCM_PATH");
  std::optional<std::string> savedCache =
      llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
  ::unsetenv("ROCM_PATH");
  ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  auto restore = llvm::make_scope_exit([&] {
    for (auto [name, saved] : {std::pair{"ROCM_PATH", &savedRocm},
                               std::pair{"XDG_CACHE_HOME", &savedCache}}) {
      if (*saved)
        ::setenv(name, (*saved)->c_str(), 1);
      else
        ::unsetenv(name);
    }
    fs::remove_directories(built);
    fs::remove_directories(cache);
  });
  EXPECT_EQ(meld::resolveRocmRoot("/my/rocm", built), "/my/rocm");
  // A build root with the device libraries and the linker is taken.
  for (const char *dir : {"amdgcn/bitcode", "llvm/bin"}) {
    llvm::SmallString<128> path(built);
    llvm::sys::path::append(path, dir);
    ASSERT_FALSE(fs::create_directories(path));
  }
  llvm::SmallString<128> lld(built);
  llvm::sys::path::append(lld, "llvm", "bin", "ld.lld");
  {
    std::error_code ec;
    llvm::raw_fd_ostream touch(lld, ec);
    ASSERT_FALSE(ec);
  }
  EXPECT_EQ(meld::resolveRocmRoot("", built), std::string(built));
  ::setenv("ROCM_PATH", "/env/rocm", 1);
  EXPECT_EQ(meld::resolveRocmRoot("", built), "/env/rocm");
  ::unsetenv("ROCM_PATH");
  // The build tree gone (an installed wheel's): a private root of links
  // to Debian's device libraries and LLVM in the user's cache directory.
  llvm::SmallString<128> gone(built);
  llvm::sys::path::append(gone, "gone");
  std::string root = meld::resolveRocmRoot("", gone);
  if (!fs::is_directory("/usr/lib/x86_64-linux-gnu/amdgcn")) {
    EXPECT_EQ(root, "/opt/rocm");
    GTEST_SKIP() << "Debian's ROCm device libraries are not installed";
  }
  ASSERT_TRUE(llvm::StringRef(root).starts_with(cache)) << root;
  fs::file_status status;
  ASSERT_FALSE(fs::status(root, status, /*Follow=*/false));
  EXPECT_EQ(status.permissions() & (fs::group_write | fs::others_write), 0);
  auto has = [&](const char *file) {
    llvm::SmallString<128> path(root);
    llvm::sys::path::append(path, file);
    return fs::exists(path);
  };
  EXPECT_TRUE(has("amdgcn/bitcode/ocml.bc"));
  EXPECT_TRUE(has("llvm/bin/ld.lld"));
  fs::UniqueID first, again;
  ASSERT_FALSE(fs::getUniqueID(root, first));
  EXPECT_EQ(meld::resolveRocmRoot("", gone), root);
  ASSERT_FALSE(fs::getUniqueID(root, again));
  EXPECT_EQ(first, again) << "made once, then reused";
  // A root that lost a link is made again.
  ASSERT_FALSE(fs::remove(root + "/llvm"));
  EXPECT_EQ(meld::resolveRocmRoot("", gone), root);
  EXPECT_TRUE(has("llvm/bin/ld.lld"));
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name = llvm::sys::path::stem(info.param).str();
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(
    Programs, GpuTargets,
    ::testing::ValuesIn(meld::testing::codegenTestPrograms()), testName);

} // namespace
