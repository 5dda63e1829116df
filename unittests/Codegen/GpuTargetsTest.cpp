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
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

constexpr const char *kPtxas = "/usr/local/cuda/bin/ptxas";

/// Runs ptxas on `ptx` for `chip`; returns its diagnostics, empty on success.
std::string runPtxas(llvm::StringRef ptx, llvm::StringRef chip) {
  llvm::SmallString<128> input, log;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("meld", "ptx", fd, input))
    return "cannot create a temporary file";
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << ptx;
  }
  llvm::sys::fs::createTemporaryFile("meld-ptxas", "log", log);
  std::string arch = ("-arch=" + chip).str();
  llvm::SmallVector<llvm::StringRef> argv = {kPtxas, arch, input, "-o",
                                             "/dev/null"};
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(log), llvm::StringRef(log)};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(kPtxas, argv, std::nullopt, redirects,
                                     /*SecondsToWait=*/120, 0, &error);
  std::string out;
  if (rc != 0) {
    auto text = llvm::MemoryBuffer::getFile(log);
    out = "ptxas exited with " + std::to_string(rc) + " " + error + ": " +
          (text ? (*text)->getBuffer().str() : std::string());
  }
  llvm::sys::fs::remove(input);
  llvm::sys::fs::remove(log);
  return out;
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
    if (b.getString("format") == "ptx") {
      ++ptx;
      EXPECT_NE(bytes.find(".target " + chip.str()), std::string::npos) << what;
      if (havePtxas)
        EXPECT_EQ(runPtxas(bytes, chip), "") << what;
    } else {
      ++hsaco;
      EXPECT_EQ(checkHsaco(bytes, chip, *b.getArray("kernels")), "") << what;
    }
  }
  // Each kernel module is emitted once per chip: two NVPTX, two AMDGPU.
  EXPECT_GT(ptx, 0);
  EXPECT_EQ(ptx, hsaco);
  EXPECT_EQ(ptx % 2, 0);
  if (!havePtxas)
    GTEST_SKIP() << "ptxas not found at " << kPtxas
                 << "; PTX was generated but not assembled";
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
