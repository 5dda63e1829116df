//===- BundleTest.cpp - The .meldb container and its loader ---------------===//
//
// Round trips, and rejection with a clear error (never a crash) of corrupt,
// truncated and malformed bundles, at the container level (header, checksum,
// blob table) and at the runtime's level (metadata the executor relies on).
//
//===----------------------------------------------------------------------===//

#include "meld/Bundle/Bundle.h"
#include "../Support/MeldTestContext.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Runtime/HostExecutable.h"

#include "mlir/Parser/Parser.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mlir;
using meld::bundle::Bundle;
using meld::ref::HostTensor;

namespace {

constexpr const char *kProgram = R"mlir(
func.func @main(%x: tensor<?x8xf32>, %y: tensor<8xf32>) -> tensor<?x8xf32> {
  %n = meld.dim %x, 0 : tensor<?x8xf32>
  %b = meld.broadcast_in_dim %y, dims = [1] sizes(%n)
      : tensor<8xf32> -> tensor<?x8xf32>
  %s = meld.add %x, %b : tensor<?x8xf32>
  %e = meld.exp %s : tensor<?x8xf32>
  func.return %e : tensor<?x8xf32>
}
)mlir";

std::string errorOf(llvm::Error err) {
  return err ? llvm::toString(std::move(err)) : std::string("no error");
}

TEST(BundleFormat, RoundTripsMetadataAndBlobs) {
  Bundle b;
  b.metadata["format"] = "meld-bundle";
  b.metadata["answer"] = 42;
  EXPECT_EQ(b.addBlob("abc"), 0);
  EXPECT_EQ(b.addBlob(std::string("\0\1\2", 3)), 1);
  EXPECT_EQ(b.addBlob(""), 2);
  std::string bytes = b.toBytes();
  EXPECT_TRUE(meld::bundle::looksLikeBundle(bytes));
  llvm::Expected<Bundle> r = Bundle::read(bytes);
  ASSERT_TRUE(bool(r)) << errorOf(r.takeError());
  EXPECT_EQ(r->metadata.getInteger("answer"), 42);
  ASSERT_EQ(r->blobs.size(), 3u);
  EXPECT_EQ(r->blobs[1], std::string("\0\1\2", 3));
  EXPECT_EQ(r->blobs[2], "");
}

TEST(BundleFormat, RejectsEveryTruncation) {
  Bundle b;
  b.metadata["format"] = "meld-bundle";
  b.addBlob(std::string(100, 'x'));
  std::string bytes = b.toBytes();
  for (size_t n = 0; n < bytes.size(); ++n) {
    llvm::Expected<Bundle> r =
        Bundle::read(llvm::StringRef(bytes).take_front(n));
    ASSERT_FALSE(bool(r)) << "accepted a bundle cut to " << n << " bytes";
    EXPECT_NE(errorOf(r.takeError()).find("invalid bundle"), std::string::npos);
  }
}

TEST(BundleFormat, RejectsEveryFlippedByte) {
  Bundle b;
  b.metadata["format"] = "meld-bundle";
  b.addBlob("payload");
  std::string bytes = b.toBytes();
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::string corrupt = bytes;
    corrupt[i] ^= 0x20;
    llvm::Expected<Bundle> r = Bundle::read(corrupt);
    // Any header or body byte changes something the reader checks.
    ASSERT_FALSE(bool(r)) << "accepted a bundle with byte " << i << " flipped";
    llvm::consumeError(r.takeError());
  }
}

TEST(BundleFormat, NamesWhatIsWrong) {
  EXPECT_NE(errorOf(Bundle::read("MELDBNDL").takeError()).find("truncated"),
            std::string::npos);
  std::string notABundle(64, 'z');
  EXPECT_NE(errorOf(Bundle::read(notABundle).takeError()).find("magic"),
            std::string::npos);
  Bundle b;
  std::string bytes = b.toBytes();
  bytes[8] = 7; // version
  EXPECT_NE(errorOf(Bundle::read(bytes).takeError()).find("version 7"),
            std::string::npos);
  EXPECT_NE(errorOf(Bundle::readFile("/nonexistent/x.meldb").takeError())
                .find("cannot read"),
            std::string::npos);
}

TEST(BundleFormat, RejectsMetadataNestedTooDeep) {
  // JSON nested 100,000 deep overflowed the stack of llvm::json::parse
  // (recursive). Written by hand: the JSON writer recurses too.
  auto bundleWith = [](const std::string &json) {
    std::string bytes(32, '\0');
    std::memcpy(bytes.data(), meld::bundle::kMagic, 8);
    llvm::support::endian::write32le(bytes.data() + 8, meld::bundle::kVersion);
    llvm::support::endian::write64le(bytes.data() + 16, json.size());
    llvm::support::endian::write64le(
        bytes.data() + 24,
        llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
            reinterpret_cast<const uint8_t *>(json.data()), json.size())));
    return bytes + json;
  };
  int depth = 100000;
  std::string deep = "{\"a\": " + std::string(depth, '[') +
                     std::string(depth, ']') + "}";
  std::string error = errorOf(Bundle::read(bundleWith(deep)).takeError());
  EXPECT_NE(error.find("metadata nests deeper than 4096 levels (at byte 4101)"),
            std::string::npos)
      << error;
  // Brackets inside strings do not count; 3,000 levels read.
  std::string quoted = "{\"a\": \"" + std::string(depth, '[') + "\", \"b\": " +
                       std::string(3000, '[') + std::string(3000, ']') + "}";
  llvm::Expected<Bundle> read = Bundle::read(bundleWith(quoted));
  EXPECT_TRUE(bool(read)) << errorOf(read.takeError());
}

class BundleLoad : public ::testing::Test,
                   protected meld::testing::MeldTestContext {
protected:
  void SetUp() override {
    DialectRegistry registry;
    meld::codegen::registerCodegenDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kProgram, &context);
    ASSERT_TRUE(module) << diagnostics;
    FailureOr<Bundle> compiled =
        meld::compileToBundle(*module, meld::CompileOptions());
    ASSERT_TRUE(succeeded(compiled)) << diagnostics;
    bundle = std::move(*compiled);
  }

  /// Loads a copy of the bundle after `edit` changed its metadata; returns
  /// the error, or "no error".
  std::string loadError(llvm::function_ref<void(llvm::json::Object &)> edit) {
    Bundle copy;
    copy.metadata = llvm::json::Object(bundle.metadata);
    copy.blobs = bundle.blobs;
    edit(copy.metadata);
    auto loaded = meld::runtime::HostExecutable::load(std::move(copy));
    return errorOf(loaded.takeError());
  }

  static llvm::json::Object &firstKernel(llvm::json::Object &m) {
    return *(*m.getArray("kernels"))[0].getAsObject();
  }
  static llvm::json::Object &mainBody(llvm::json::Object &m) {
    return *(*m.getArray("functions"))[0].getAsObject()->getObject("body");
  }

  Bundle bundle;
};

TEST_F(BundleLoad, RunsAndChecksArguments) {
  auto exe =
      meld::runtime::HostExecutable::load(Bundle::read(bundle.toBytes()).get());
  ASSERT_TRUE(bool(exe)) << errorOf(exe.takeError());
  ASSERT_EQ((*exe)->getFunctions().size(), 1u);
  EXPECT_EQ((*exe)->getFunctions()[0].inputs[0].shape[0], -1);

  HostTensor x(meld::ref::ElementKind::F32, {3, 8});
  HostTensor y(meld::ref::ElementKind::F32, {8});
  for (int64_t i = 0; i < 24; ++i)
    x.setFloat(i, 0.1 * i);
  for (int64_t i = 0; i < 8; ++i)
    y.setFloat(i, -0.2 * i);
  auto out = (*exe)->run("main", std::vector<HostTensor>{x, y});
  ASSERT_TRUE(bool(out)) << errorOf(out.takeError());
  ASSERT_EQ(out->size(), 1u);
  EXPECT_EQ((*out)[0].getTypeString(), "tensor<3x8xf32>");
  EXPECT_NEAR((*out)[0].getFloat(13), std::exp(1.3 - 0.2 * 5), 1e-5);
  EXPECT_GE((*exe)->getLastRunStats().launches, 1);

  // A zero-row input is fine and gives a zero-row result.
  HostTensor empty(meld::ref::ElementKind::F32, {0, 8});
  auto none = (*exe)->run("", std::vector<HostTensor>{empty, y});
  ASSERT_TRUE(bool(none)) << errorOf(none.takeError());
  EXPECT_EQ((*none)[0].getTypeString(), "tensor<0x8xf32>");

  auto wrongCount = (*exe)->run("main", std::vector<HostTensor>{x});
  EXPECT_NE(errorOf(wrongCount.takeError()).find("takes 2 argument(s)"),
            std::string::npos);
  HostTensor bad(meld::ref::ElementKind::F32, {3, 7});
  auto wrongShape = (*exe)->run("main", std::vector<HostTensor>{bad, y});
  EXPECT_NE(errorOf(wrongShape.takeError()).find("argument #0"),
            std::string::npos);
  HostTensor ints(meld::ref::ElementKind::I32, {3, 8});
  auto wrongType = (*exe)->run("main", std::vector<HostTensor>{ints, y});
  EXPECT_NE(errorOf(wrongType.takeError()).find("i32"), std::string::npos);
  auto missing = (*exe)->run("nope", std::vector<HostTensor>{x, y});
  EXPECT_NE(errorOf(missing.takeError()).find("no function 'nope'"),
            std::string::npos);
}

TEST_F(BundleLoad, RejectsMalformedMetadata) {
  EXPECT_EQ(loadError([](auto &) {}), "no error");
  EXPECT_NE(loadError([](auto &m) { m["format"] = "zip"; }).find("format"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) { m.erase("kernels"); }).find("kernels"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              m["binaries"] = llvm::json::Array();
            }).find("has no binary for device"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              (*(*m.getArray("binaries"))[0].getAsObject())["blob"] = 99;
            }).find("binary entry is malformed"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              (*(*m.getArray("binaries"))[0].getAsObject())["triple"] =
                  "aarch64-unknown-linux-gnu";
            }).find("aarch64"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              firstKernel(m)["host_entry"] = "meld_kernel_missing";
            }).find("cannot be loaded"),
            std::string::npos);
  EXPECT_NE(
      loadError([](auto &m) {
        (*(*firstKernel(m).getArray("inputs"))[0].getAsObject())["dtype"] =
            "f128";
      }).find("unknown dtype 'f128'"),
      std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              for (llvm::json::Value &step : *mainBody(m).getArray("steps"))
                if (step.getAsObject()->getString("op") == "launch")
                  (*step.getAsObject())["kernel"] = 1000;
            }).find("does not exist"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              auto &step = *(*mainBody(m).getArray("steps"))[0].getAsObject();
              step["op"] = "teleport";
            }).find("unknown schedule op"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              mainBody(m)["yield"] = llvm::json::Array{1 << 30};
            }).find("slot out of range"),
            std::string::npos);
  EXPECT_NE(loadError([](auto &m) {
              mainBody(m)["args"] = llvm::json::Array{};
            }).find("does not match the signature"),
            std::string::npos);
}

TEST_F(BundleLoad, RejectsHostCodeWhoseRelocationsPatchOutsideTheirSection) {
  // A forged bundle (a valid checksum over corrupted code) whose relocation
  // offset points past its section made LLVM's JIT linker write anywhere
  // (found by fuzz/BundleFuzzer.cpp; fuzz/regressions/bundle).
  Bundle copy;
  copy.metadata = llvm::json::Object(bundle.metadata);
  copy.blobs = bundle.blobs;
  int64_t blob = *(*copy.metadata.getArray("binaries"))[0]
                      .getAsObject()
                      ->getInteger("blob");
  std::string &object = copy.blobs[blob];
  auto elf = llvm::object::ELF64LEFile::create(object);
  ASSERT_TRUE(bool(elf)) << llvm::toString(elf.takeError());
  auto sections = elf->sections();
  ASSERT_TRUE(bool(sections));
  uint64_t relocations = 0;
  for (const auto &header : *sections)
    if (header.sh_type == llvm::ELF::SHT_RELA && header.sh_size) {
      relocations = header.sh_offset;
      break;
    }
  ASSERT_NE(relocations, 0u) << "the host object has no relocations";
  llvm::support::endian::write64le(object.data() + relocations,
                                   0x6e655f74736f68); // "host_en", as found
  auto loaded = meld::runtime::HostExecutable::load(std::move(copy));
  std::string error = errorOf(loaded.takeError());
  EXPECT_NE(error.find("the host code is malformed: a relocation at offset "
                       "31073708088192872 patches past the end of its "
                       "section"),
            std::string::npos)
      << error;
}

// Host code compiled in parts comes as an `ar` archive of objects
// ("elf-archive"): each member is checked as a lone object is, and an
// archive that is not one, or holds nothing, is refused by name.
TEST_F(BundleLoad, LoadsHostArchivesAndRefusesMalformedOnes) {
  auto withHost = [&](llvm::StringRef format, std::string blob) {
    Bundle copy;
    copy.metadata = llvm::json::Object(bundle.metadata);
    copy.blobs = bundle.blobs;
    auto &binary = *(*copy.metadata.getArray("binaries"))[0].getAsObject();
    binary["format"] = format;
    copy.blobs[*binary.getInteger("blob")] = std::move(blob);
    return meld::runtime::HostExecutable::load(std::move(copy));
  };
  auto archiveOf = [](llvm::ArrayRef<std::string> members) {
    std::vector<llvm::NewArchiveMember> entries;
    for (const std::string &member : members)
      entries.emplace_back(llvm::MemoryBufferRef(member, "part.o"));
    auto archive = llvm::writeArchiveToBuffer(
        entries, llvm::SymtabWritingMode::NoSymtab,
        llvm::object::Archive::K_GNU, /*Deterministic=*/true, /*Thin=*/false);
    EXPECT_TRUE(bool(archive)) << errorOf(archive.takeError());
    return archive ? (*archive)->getBuffer().str() : std::string();
  };
  int64_t blob =
      *(*bundle.metadata.getArray("binaries"))[0].getAsObject()->getInteger(
          "blob");
  const std::string &object = bundle.blobs[blob];

  auto loaded = withHost("elf-archive", archiveOf({object}));
  ASSERT_TRUE(bool(loaded)) << errorOf(loaded.takeError());
  HostTensor x(meld::ref::ElementKind::F32, {2, 8});
  HostTensor y(meld::ref::ElementKind::F32, {8});
  auto out = (*loaded)->run("main", std::vector<HostTensor>{x, y});
  ASSERT_TRUE(bool(out)) << errorOf(out.takeError());
  EXPECT_NEAR((*out)[0].getFloat(3), 1.0, 1e-6);

  std::string error = errorOf(withHost("elf-archive", object).takeError());
  EXPECT_NE(error.find("the host code archive is malformed"), std::string::npos)
      << error;
  error = errorOf(withHost("elf-archive", archiveOf({})).takeError());
  EXPECT_NE(error.find("it holds no object"), std::string::npos) << error;
  error = errorOf(withHost("elf-archive", archiveOf({object, "not an object"}))
                      .takeError());
  EXPECT_NE(error.find("the host code is malformed"), std::string::npos)
      << error;
  // A thin archive names its members' files instead of holding them.
  {
    std::vector<llvm::NewArchiveMember> entries;
    entries.emplace_back(llvm::MemoryBufferRef(object, "/etc/passwd"));
    auto thin = llvm::writeArchiveToBuffer(
        entries, llvm::SymtabWritingMode::NoSymtab,
        llvm::object::Archive::K_GNU, /*Deterministic=*/true, /*Thin=*/true);
    ASSERT_TRUE(bool(thin)) << errorOf(thin.takeError());
    error = errorOf(
        withHost("elf-archive", (*thin)->getBuffer().str()).takeError());
    EXPECT_NE(error.find("not a GNU archive holding its members"),
              std::string::npos)
        << error;
  }
  std::string archive = archiveOf({object});
  error = errorOf(withHost("elf-archive", archive.substr(0, archive.size() / 2))
                      .takeError());
  EXPECT_NE(error.find("malformed"), std::string::npos) << error;
  // A format this runtime does not know, as an older runtime sees an
  // archive.
  error = errorOf(withHost("elf-archive-v9", archiveOf({object})).takeError());
  EXPECT_NE(error.find("the bundle has no binary for device"),
            std::string::npos)
      << error;
}

TEST_F(BundleLoad, RejectsMalformedFormulasWhenRun) {
  Bundle copy;
  copy.metadata = llvm::json::Object(bundle.metadata);
  copy.blobs = bundle.blobs;
  auto &outputs = *firstKernel(copy.metadata).getArray("outputs");
  (*(*outputs[0].getAsObject()).getArray("shape"))[0] =
      llvm::json::Object{{"dim", llvm::json::Array{7, 0}}};
  auto exe = meld::runtime::HostExecutable::load(std::move(copy));
  ASSERT_TRUE(bool(exe)) << errorOf(exe.takeError());
  HostTensor x(meld::ref::ElementKind::F32, {3, 8});
  HostTensor y(meld::ref::ElementKind::F32, {8});
  auto out = (*exe)->run("main", std::vector<HostTensor>{x, y});
  EXPECT_NE(errorOf(out.takeError()).find("missing dimension"),
            std::string::npos);
}

} // namespace
