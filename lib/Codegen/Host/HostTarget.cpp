//===- HostTarget.cpp - The CPU host code is compiled for -----------------===//
//
// Resolves a CPU name and feature list through LLVM's own tables (the
// target's MCSubtargetInfo), so that a name LLVM does not know is an error
// here rather than a warning LLVM prints and ignores.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Host/HostTarget.h"
#include "meld/Support/HostThreads.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <memory>

using namespace meld::codegen;

llvm::StringRef meld::codegen::hostIsaName(HostIsa isa) {
  switch (isa) {
  case HostIsa::Sse:
    return "sse";
  case HostIsa::Avx2:
    return "avx2";
  case HostIsa::Avx512:
    return "avx512";
  case HostIsa::Amx:
    return "amx";
  }
  return "sse";
}

/// The ISA class of a sorted feature list.
static HostIsa classify(const std::vector<std::string> &features) {
  auto has = [&](llvm::StringRef name) {
    return std::binary_search(features.begin(), features.end(), name.str());
  };
  if (has("avx512f") && has("amx-tile"))
    return HostIsa::Amx;
  if (has("avx512f"))
    return HostIsa::Avx512;
  if (has("avx2") && has("fma"))
    return HostIsa::Avx2;
  return HostIsa::Sse;
}

const HostTarget &HostTarget::native() {
  static const HostTarget target = [] {
    HostTarget t;
    t.triple = llvm::sys::getDefaultTargetTriple();
    t.cpu = llvm::sys::getHostCPUName().str();
    for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
      (enabled ? t.features : t.disabled).push_back(name.str());
    llvm::sort(t.features);
    llvm::sort(t.disabled);
    t.isa = classify(t.features);
    t.threads = defaultHostThreads();
    return t;
  }();
  return target;
}

llvm::Expected<HostTarget> HostTarget::get(llvm::StringRef cpu,
                                           llvm::StringRef features) {
  const HostTarget &host = native();
  if ((cpu.empty() || cpu == "native") && features.empty())
    return host;
  llvm::InitializeNativeTarget();
  std::string error;
  llvm::Triple triple(host.triple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("no LLVM target for the host triple '" +
                                   host.triple + "': " + error);
  HostTarget result;
  result.triple = host.triple;
  result.threads = host.threads;
  bool native = cpu.empty() || cpu == "native";
  result.cpu = native ? host.cpu : cpu.str();
  // A generic subtarget to ask about names: one made for an unknown CPU
  // prints a warning of LLVM's own.
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!info || !info->isCPUStringValid(result.cpu))
    return llvm::createStringError(
        "unknown host CPU '" + result.cpu + "' for " + host.triple +
        " (LLVM's names, such as znver4, sapphirerapids, skylake-avx512, "
        "haswell, x86-64-v3; or native)");
  llvm::ArrayRef<llvm::SubtargetFeatureKV> known =
      info->getAllProcessorFeatures();
  // LLVM's feature string: this machine's features when it is the base
  // (LLVM's table for its CPU name may lack what the CPU reports, or a
  // virtual machine may mask some), then the edits in order, so the last
  // word on a feature wins; LLVM adds what the enabled ones imply
  // (+avx512f brings avx2 and fma).
  std::string list;
  auto add = [&](char sign, llvm::StringRef name) {
    list += (list.empty() ? "" : ",") + std::string(1, sign) + name.str();
  };
  if (native) {
    for (const std::string &f : host.features)
      add('+', f);
    for (const std::string &f : host.disabled)
      add('-', f);
  }
  llvm::SmallVector<llvm::StringRef> items;
  features.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    item = item.trim();
    if (item.size() < 2 || (item[0] != '+' && item[0] != '-'))
      return llvm::createStringError(
          "host CPU feature '" + item.str() +
          "' must be +name or -name (for example +avx512f,-amx-tile)");
    llvm::StringRef name = item.drop_front();
    if (!llvm::any_of(known, [&](const llvm::SubtargetFeatureKV &kv) {
          return name == kv.Key;
        }))
      return llvm::createStringError("unknown host CPU feature '" +
                                     name.str() + "' for " + host.triple);
    add(item[0], name);
  }
  std::unique_ptr<llvm::MCSubtargetInfo> withFeatures(
      target->createMCSubtargetInfo(triple, result.cpu, list));
  std::vector<std::string> enabled;
  const llvm::FeatureBitset &bits = withFeatures->getFeatureBits();
  for (const llvm::SubtargetFeatureKV &kv : known)
    if (bits.test(kv.Value))
      enabled.push_back(kv.Key);
  llvm::sort(enabled);
  enabled.erase(std::unique(enabled.begin(), enabled.end()), enabled.end());
  result.features = std::move(enabled);
  for (const llvm::SubtargetFeatureKV &kv : known)
    if (!result.hasFeature(kv.Key))
      result.disabled.push_back(kv.Key);
  result.isa = classify(result.features);
  return result;
}

bool HostTarget::hasFeature(llvm::StringRef feature) const {
  return std::binary_search(features.begin(), features.end(), feature.str());
}

std::vector<std::string>
HostTarget::missingFrom(const HostTarget &other) const {
  std::vector<std::string> missing;
  for (const std::string &f : features)
    if (std::binary_search(other.disabled.begin(), other.disabled.end(), f))
      missing.push_back(f);
  return missing;
}

std::string HostTarget::featureString() const {
  std::string text;
  for (const std::string &f : features)
    text += (text.empty() ? "+" : ",+") + f;
  for (const std::string &f : disabled)
    text += (text.empty() ? "-" : ",-") + f;
  return text;
}

std::string HostTarget::description() const {
  std::string text = cpu;
  for (const std::string &f : features)
    text += " +" + f;
  return text + " threads " + std::to_string(threads);
}

int64_t HostTarget::f32Lanes() const {
  switch (isa) {
  case HostIsa::Amx:
  case HostIsa::Avx512:
    return 16;
  case HostIsa::Avx2:
    return 8;
  case HostIsa::Sse:
    return 4;
  }
  return 4;
}

int64_t HostTarget::vectorRegisters() const {
  return isa == HostIsa::Avx512 || isa == HostIsa::Amx ? 32 : 16;
}

std::string HostGemmTiles::str() const {
  return std::to_string(tileRows) + " x " + std::to_string(tileCols) +
         ", k block " + std::to_string(kBlock) + ", block rows " +
         std::to_string(blockRows);
}

HostGemmTiles meld::codegen::gemmTilesFor(int64_t tileRows,
                                          int64_t tileCols) {
  HostGemmTiles tiles;
  tiles.tileRows = tileRows;
  tiles.tileCols = tileCols;
  // The right operand's packed k-block panel is 32 KiB.
  tiles.kBlock = 32 * 1024 / (tileCols * 4);
  // Blocks of up to about 256 rows, whole register tiles: each block packs
  // the right operand's panels once for all its rows.
  tiles.blockRows = tileRows * llvm::divideCeil(256, tileRows);
  return tiles;
}

bool HostTarget::isAmd() const {
  llvm::StringRef name = cpu;
  return name.starts_with("znver") || name.starts_with("bdver") ||
         name.starts_with("btver") || name.starts_with("amdfam") ||
         name.starts_with("athlon") || name.starts_with("k8") ||
         name == "barcelona";
}

/// Zen 5 and later: AMD cores whose AVX-512 FMAs are full width (Zen 4
/// runs a 512-bit FMA as two 256-bit halves).
static bool fullWidthAmdAvx512(const HostTarget &target) {
  llvm::StringRef name = target.cpu;
  unsigned generation = 0;
  return target.vectorRegisters() == 32 && name.consume_front("znver") &&
         !name.getAsInteger(10, generation) && generation >= 5;
}

/// An Intel (any but AMD) core with AVX-512's 32 vector registers: the
/// heuristic's 6 x 64 tiles, the transposed k block and f32 column blocks.
static bool intelAvx512(const HostTarget &target) {
  return target.vectorRegisters() == 32 && !target.isAmd();
}

HostGemmTiles meld::codegen::defaultGemmTiles(const HostTarget &target) {
  // Intel cores with AVX-512: 6 rows x 4 vectors (24 accumulators, 4
  // operand vectors, a broadcast), k blocks of 128 (the packed panel
  // stays 32 KiB), blocks of 258 rows.
  if (intelAvx512(target))
    return gemmTilesFor(6, 4 * target.f32Lanes());
  // Zen 5: 4 rows x 4 vectors (16 accumulators), k blocks of 128, blocks
  // of up to 512 rows. meld-tune-host's best on a 2-core Zen 5 VM; against
  // Zen 4's 8 x 32 with wide tiles (below) it ran every f32 shape of
  // bench/gemm as fast or faster: 77-row products 5-18%, 2048^3 3%
  // (performance.md, "Zen 5's tiles").
  if (fullWidthAmdAvx512(target)) {
    HostGemmTiles tiles = gemmTilesFor(4, 4 * target.f32Lanes());
    tiles.blockRows = 512;
    return tiles;
  }
  // Two vectors of columns per row; as many rows as leave registers for
  // the two operand vectors and a broadcast.
  HostGemmTiles tiles = gemmTilesFor(target.vectorRegisters() == 32 ? 8 : 6,
                                     2 * target.f32Lanes());
  // With 32 registers, blocks of up to 512 rows, whose register tiles are
  // wide (wideTileRows).
  if (target.vectorRegisters() == 32)
    tiles.blockRows = 512;
  return tiles;
}

int64_t meld::codegen::wideTileRows(const HostTarget &target,
                                    const HostGemmTiles &tiles) {
  return target.vectorRegisters() == 32 && target.isAmd() &&
                 tiles == defaultGemmTiles(target) &&
                 tiles.tileCols == 2 * target.f32Lanes()
             ? 128
             : 0;
}

int64_t meld::codegen::panelBlockBytes(const HostTarget &target) {
  return target.isa == HostIsa::Avx2 ? kPanelBlockBytes : 0;
}

int64_t meld::codegen::transposedDotColumns(const HostTarget &target) {
  return intelAvx512(target) || fullWidthAmdAvx512(target) ? 6 : 4;
}

int64_t meld::codegen::outputChunkBytes(const HostTarget &target) {
  return fullWidthAmdAvx512(target) ? kZen5OutputChunkBytes
                                    : kOutputChunkBytes;
}

int64_t meld::codegen::transposedKBlock(const HostTarget &target,
                                        const HostGemmTiles &tiles) {
  if (!intelAvx512(target))
    return 0;
  // Up to 768, as long as the transposed panel stays within 192 KiB (768
  // for 64 columns, 384 for 128), whatever tiles a table gives: the runs
  // of each row of the weight are what the longer k block is for. Up to
  // 2048 and 512 KiB where the core has AMX, and so 2 MiB of L2.
  bool largeL2 = target.hasFeature("amx-tile");
  int64_t kBlock = std::min<int64_t>(
      largeL2 ? 2048 : 768,
      (largeL2 ? kLargeL2TransposedPanelBytes : kTransposedPanelBytes) /
          (tiles.tileCols * 4) / 16 * 16);
  return kBlock > tiles.kBlock ? kBlock : 0;
}

bool meld::codegen::usesAmx(const HostTarget &target, bool strictFp) {
  return !strictFp && target.hasFeature("amx-tile") &&
         target.hasFeature("amx-bf16");
}

bool meld::codegen::usesAvx512Bf16Dots(const HostTarget &target,
                                       bool strictFp) {
  return !strictFp && target.hasFeature("avx512bf16") &&
         target.hasFeature("avx512f");
}

int64_t meld::codegen::bf16SwappedRows(const HostTarget &target,
                                       bool strictFp) {
  if (!usesAvx512Bf16Dots(target, strictFp))
    return 0;
  return usesAmx(target, strictFp) ? kAmxRowDotsMaxRows : 256;
}

int64_t meld::codegen::bf16ContractionRows(const HostTarget &target,
                                           bool strictFp) {
  return usesAmx(target, strictFp) || usesAvx512Bf16Dots(target, strictFp)
             ? 512
             : 0;
}

int64_t meld::codegen::bf16ColumnBlockRows(const HostTarget &target,
                                           bool strictFp) {
  return usesAmx(target, strictFp) ? kAmxColumnBlockMaxRows : 0;
}

int64_t meld::codegen::f32SwappedRows(const HostTarget &target) {
  if (intelAvx512(target))
    return kF32SwappedMaxRows;
  return fullWidthAmdAvx512(target) ? kZen5F32SwappedMaxRows : 0;
}

int64_t meld::codegen::f32ColumnBlockRows(const HostTarget &target) {
  if (intelAvx512(target))
    return kF32ColumnBlockMaxRows;
  return target.isa == HostIsa::Avx2 ? kAvx2F32ColumnBlockMaxRows : 0;
}
