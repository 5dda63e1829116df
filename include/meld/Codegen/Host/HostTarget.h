//===- HostTarget.h - The CPU host code is compiled for ---------*- C++ -*-===//
//
// Host code is compiled for one CPU: by default the machine that compiles,
// or one named the way LLVM names CPUs (`znver4`, `sapphirerapids`,
// `x86-64-v3`) with features added or removed (`+avx512f,-amx-tile`), so
// that one machine can compile, and the lit tests can check, the code of
// another. The target decides the instructions LLVM may use and the tiles
// of the host GEMMs (HostGemmTiles), which a tuning table measured on a
// machine of the same kind may override (HostTuning.h).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_HOST_HOSTTARGET_H
#define MELD_CODEGEN_HOST_HOSTTARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace meld::codegen {

/// The vector instruction sets host kernels are shaped for, widest last.
enum class HostIsa { Sse, Avx2, Avx512, Amx };

/// "sse", "avx2", "avx512", "amx".
llvm::StringRef hostIsaName(HostIsa isa);

/// A host CPU: its LLVM name, its enabled features and its ISA class.
struct HostTarget {
  std::string triple;
  std::string cpu;
  /// The enabled features, sorted, without the leading '+'.
  std::vector<std::string> features;
  /// Features explicitly off (the CPU name would otherwise imply some of
  /// them; a virtual machine may mask what its CPU model has).
  std::vector<std::string> disabled;
  HostIsa isa = HostIsa::Sse;
  /// Hardware threads the code is shaped for (GEMMs get at least one block
  /// per thread where they can): this machine's.
  int64_t threads = 1;

  /// The machine this process runs on.
  static const HostTarget &native();
  /// `cpu` ("" or "native": this machine's) with `features`, a
  /// comma-separated list of `+name` / `-name`, applied on top. A CPU or
  /// feature LLVM does not know for the host triple is an error that names
  /// it.
  static llvm::Expected<HostTarget> get(llvm::StringRef cpu,
                                        llvm::StringRef features = "");

  bool hasFeature(llvm::StringRef feature) const;
  /// Features of `this` that `other` lacks (code for `this` may not run on
  /// `other`): those `other` lists as disabled. A machine (native()) lists
  /// every instruction-set feature it knows, on or off; LLVM's tuning
  /// flags of a CPU name (`macrofusion`, `fast-15bytenop`) are in neither
  /// list and are not instructions.
  std::vector<std::string> missingFrom(const HostTarget &other) const;
  /// `+a,+b,...,-c,...` for LLVM's target machine.
  std::string featureString() const;
  /// `cpu +a +b ... threads T`: what the compile cache keys on.
  std::string description() const;

  /// f32 lanes of the widest vector register, and the number of vector
  /// registers (16 or 32).
  int64_t f32Lanes() const;
  int64_t vectorRegisters() const;
  /// Whether `cpu` names an AMD core (`znver4`, ...); the GEMM heuristic
  /// differs between AMD's and Intel's AVX-512 cores.
  bool isAmd() const;
};

/// How host GEMMs are tiled: a register tile of `tileRows` x `tileCols`
/// f32 accumulators, the reduction in blocks of `kBlock`, and threads'
/// blocks of up to `blockRows` output rows (of columns split so that every
/// thread has work, see meld-tile-host-blocks).
struct HostGemmTiles {
  int64_t tileRows = 8;
  int64_t tileCols = 32;
  int64_t kBlock = 256;
  int64_t blockRows = 64;
  /// Where the values come from: "heuristic", or the tuning table's path.
  std::string source = "heuristic";

  bool operator==(const HostGemmTiles &o) const {
    return tileRows == o.tileRows && tileCols == o.tileCols &&
           kBlock == o.kBlock && blockRows == o.blockRows;
  }
  /// `rows x cols, k block K, block rows R`.
  std::string str() const;
};

/// A `tileRows` x `tileCols` register tile with the k block and block rows
/// the heuristic gives it: a 32 KiB packed panel, blocks of up to about
/// 256 rows.
HostGemmTiles gemmTilesFor(int64_t tileRows, int64_t tileCols);

/// The documented heuristic for `target`: with 32 vector registers
/// (AVX-512) on an Intel core (any CPU but AMD's), 6 rows x 4 vectors (24
/// accumulators) in blocks of up to 258 rows; on Zen 5 and later AMD cores
/// (full-width 512-bit FMAs) 4 rows x 4 vectors (16 accumulators) with k
/// blocks of 128 and blocks of up to 512 rows; on other AMD cores (Zen 4,
/// which splits 512-bit FMAs in two and lost 20-45% on 24 accumulators) 8
/// rows x 2 vectors (16 accumulators) and blocks of up to 512 rows; with 16
/// (AVX2) 6 rows x 2 vectors (12 accumulators, two operand vectors and a
/// broadcast) and blocks of up to 256 rows; k blocks whose packed
/// right-operand panel is 32 KiB.
HostGemmTiles defaultGemmTiles(const HostTarget &target);

/// The rows from which a cache block takes register tiles of half the rows
/// and twice the columns (meld-vectorize-host-contractions' wide-tile-rows):
/// 128 with the heuristic's tiles on the 32 vector registers of an AMD core
/// (4 x 64 tiles there ran 1024x2048x8192 `x @ W^T` 6% and 2048^3 6% faster
/// on an AVX-512 EPYC, blocks of fewer rows no slower), else 0 (Intel's
/// heuristic tiles are 64 columns wide already; the tiles a table or the
/// caller gives are used as they are).
int64_t wideTileRows(const HostTarget &target, const HostGemmTiles &tiles);

/// The k block of a contraction whose right operand is read transposed
/// (`x @ W^T`, packed transposed; meld-vectorize-host-contractions'
/// transposed-k-block): on an Intel core with AVX-512, 768, or fewer where
/// the panel of `tiles.tileCols` columns would pass kTransposedPanelBytes,
/// when that is longer than `tiles.kBlock`; else 0 (the k block). The
/// heuristic's 6 x 64 tiles' k blocks of 128 read each row of a weight in
/// 512-byte runs (a language-model head streaming 154 MB ran 1.43x faster
/// with 768, and large `x @ W^T` GEMMs 1.0-1.14x). A tuning table's tiles
/// take it too: its shorter k blocks read shorter runs still. On an Intel
/// core with AMX (Sapphire Rapids and later: 2 MiB of L2 per core), up to
/// 2048 within kLargeL2TransposedPanelBytes: against 768, in one process
/// on the Emerald Rapids Xeon, 14 `x @ W^T` shapes of 77 to 1024 rows ran
/// 0.99-1.15x (1024 x 2048 @ (3072 x 2048)^T 1.07x, 1024^3 1.04-1.09x).
constexpr int64_t kTransposedPanelBytes = 192 * 1024;
constexpr int64_t kLargeL2TransposedPanelBytes = 512 * 1024;
int64_t transposedKBlock(const HostTarget &target, const HostGemmTiles &tiles);

/// The bytes of a plain f32 right operand's panels packed per cache block
/// (meld-vectorize-host-contractions' panel-block-bytes; each row tile then
/// sweeps the block's column tiles): on AVX2 targets (16 vector
/// registers), kPanelBlockBytes; else 0 (blocks of one panel, which every
/// row tile walks: AVX-512 cores reach 86-90% of their peak so). On a
/// 2-core AMD EPYC (Zen 3: 32 KiB L1, 512 KiB L2 per core), in one
/// process against blocks of one panel: 1024^3 1.09-1.32x, 2048^3
/// 1.04-1.06x, 512 x 1024 x 1024 1.10x, the same GEMM + bias + GELU 1.16x,
/// 77-row products 0.98-1.04x (noise); 128 KiB, 512 KiB and 1 MiB ran as
/// 256 KiB within the VM's noise (performance.md, "Zen 3").
constexpr int64_t kPanelBlockBytes = 256 * 1024;
int64_t panelBlockBytes(const HostTarget &target);

/// The bytes of a cache block's output that its k blocks update before the
/// next columns' (meld-vectorize-host-contractions' output-chunk-bytes):
/// kOutputChunkBytes, or kZen5OutputChunkBytes on Zen 5 (full-width
/// AVX-512 AMD cores), where chunks of one 4 x 64 tile's columns for a
/// block's 512 rows ran the plain f32 squares 3-4% faster than 512 KiB
/// (2048^3 462 -> 480 GFLOP/s, 512 x 1024 x 1024 477 -> 494) and the
/// transposed and few-row shapes as fast, in one process on a 2-core Zen
/// 5 VM; 256 KiB ran 2-3% slower, all columns at once 4% faster on the
/// squares but 13% slower on GPT-2's head (128 x 768 @ (50257 x 768)^T),
/// whose 512-row block then swept 100 MB of output per k block
/// (performance.md, "AMD EPYC (Zen 5), 2026-12-06").
constexpr int64_t kOutputChunkBytes = 512 * 1024;
constexpr int64_t kZen5OutputChunkBytes = 128 * 1024;
int64_t outputChunkBytes(const HostTarget &target);

/// The columns of the host's tiles of dot products along k for few rows of
/// `x @ W^T` (meld-vectorize-host-contractions' transposed-dot-columns),
/// by 4 rows: 6 on Intel's AVX-512 cores and on Zen 5 (24 sums and 10
/// loads in 32 vector registers, 10 rows whose lines may share an L1 set
/// in its 12 ways), 4 elsewhere (8 rows, within Zen 4's 8 ways). In one
/// process on a 2-core Zen 5 VM, 6 against 4: 16 x 4096 @ (4096 x
/// 4096)^T 1.14x, 12 x 2048 @ (8192 x 2048)^T 1.13x, 4 and 8 rows
/// 1.08-1.12x, a 1x1 convolution's weight gradient (16 x 25600 @ (96 x
/// 25600)^T) 1.13-1.17x, one row and 32 rows 1.02-1.04x; 5 columns
/// 1.07-1.10x, 7 spilled (0.76-0.83x).
int64_t transposedDotColumns(const HostTarget &target);

/// Whether bf16 contractions run on AMX tiles (meld-vectorize-host-
/// contractions' amx): on a target with amx-tile and amx-bf16, except under
/// strict floating point (tdpbf16ps sums pairs of products in f32, not in
/// program order).
bool usesAmx(const HostTarget &target, bool strictFp);

/// Whether bf16 contractions may run on AVX512-BF16 dot products
/// (meld-vectorize-host-contractions' avx512-bf16-dots): on a target with
/// avx512bf16, except under strict floating point (vdpbf16ps sums pairs of
/// products, and flushes denormals). With AMX tiles too (usesAmx), the
/// dots take only up to kAmxRowDotsMaxRows static rows of `x @ W^T`.
bool usesAvx512Bf16Dots(const HostTarget &target, bool strictFp);

/// Most static rows of a bf16 `x @ W^T` that take AVX512-BF16 dots along
/// k of both operands' rows on a CPU that also has AMX tiles. Swapped onto
/// the tiles ((W x^T)^T), each tile load reads 16 rows of W a whole row
/// apart, where the dots stream W's rows (Intel Xeon with AMX, 2 threads,
/// one process, GFLOP/s on dots and on tiles: 1 x 4096 @ (4096 x 4096)^T
/// 53 and 33, 2 x 768 @ (3072 x 768)^T 97 and 45, 4 rows of 4096 155 and
/// 133, 6 rows 165 and 193, 8 rows 173 and 261).
constexpr int64_t kAmxRowDotsMaxRows = 4;

/// Rows per thread block of a bf16 gemm kernel on AMX tiles or AVX512-BF16
/// dots (meld-tile-host-blocks' bf16-contraction-rows): 512, whole blocks
/// of 32 rows, where the f32 tiles' 258-row blocks each packed the whole
/// right operand again (2048^3 bf16: 1676 GFLOP/s in blocks of 512 rows,
/// 1530 in the heuristic's 258, on an Intel Xeon with 2 cores); 0 with
/// neither.
int64_t bf16ContractionRows(const HostTarget &target, bool strictFp);

/// Most rows of a bf16 `x @ W^T` gemm whose threads each take one column
/// block (meld-tile-host-blocks' bf16-swapped-rows): with AVX512-BF16
/// dots, 256 (which compute up to 64 rows as (W x^T)^T, packing x once per
/// block), or kAmxRowDotsMaxRows with AMX tiles too (the rows on dots);
/// 0 without them.
int64_t bf16SwappedRows(const HostTarget &target, bool strictFp);

/// Most static rows of a bf16 gemm on AMX tiles whose threads split its
/// columns, each column block computing all the rows
/// (meld-tile-host-blocks' bf16-column-block-rows): 4096 with AMX tiles
/// (measured up to 4096 rows), 0 without.
constexpr int64_t kAmxColumnBlockMaxRows = 4096;
int64_t bf16ColumnBlockRows(const HostTarget &target, bool strictFp);

/// Most static rows of an f32 `x @ W^T` gemm whose threads split its
/// columns, each column block computing all the rows
/// (meld-tile-host-blocks' f32-column-block-rows): 4096 on an Intel core
/// with AVX-512 (measured there), whatever its tiles; 768 on AVX2
/// (kAvx2F32ColumnBlockMaxRows); 0 elsewhere.
constexpr int64_t kF32ColumnBlockMaxRows = 4096;
/// The same on AVX2. In one process on the Zen 3 EPYC, 2 threads, column
/// blocks against row blocks of 256: 300 x 768 @ (3072 x 768)^T 1.42x,
/// 384 rows 1.14x, 512 rows 1.37x, 768 rows 1.42x (three row blocks on two
/// threads), 512 x 2048 @ (8192 x 2048)^T 1.10x, 512 x 3072 @ (768 x
/// 3072)^T 0.94x; at 1024 rows (four even row blocks) 0.92-1.03x.
constexpr int64_t kAvx2F32ColumnBlockMaxRows = 768;
int64_t f32ColumnBlockRows(const HostTarget &target);

/// Most static rows of an f32 `x @ W^T` (k up to 1024) computed swapped,
/// (W x^T)^T, W read in place (meld-vectorize-host-contractions'
/// swapped-rows): kF32SwappedMaxRows on an Intel core with AVX-512
/// (measured there), kZen5F32SwappedMaxRows on Zen 5, 0 elsewhere.
constexpr int64_t kF32SwappedMaxRows = 128;
/// On Zen 5 (full-width AVX-512 AMD cores), up to 64 rows: in one process
/// on a 2-core Zen 5 VM against its 4 x 64 tiles, 40 x 1024 @ (4096 x
/// 1024)^T 1.38x, 64 x 1024 @ (1024 x 1024)^T 1.31x, 56 x 1024 @ (2048 x
/// 1024)^T 1.23x, 64 x 768 @ (768 x 768)^T 1.11x, 48 x 768 @ (3072 x
/// 768)^T 1.08x, 24 rows 1.03x, 64 x 768 @ (3072 x 768)^T 1.02x, 33 x
/// 512 @ (2048 x 512)^T 0.95x; 77 rows 0.99-1.00x and 128 rows 0.93x,
/// so not past 64 (performance.md, "AMD EPYC (Zen 5), 2026-12-06").
constexpr int64_t kZen5F32SwappedMaxRows = 64;
int64_t f32SwappedRows(const HostTarget &target);

} // namespace meld::codegen

#endif // MELD_CODEGEN_HOST_HOSTTARGET_H
