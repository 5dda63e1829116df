//===- meld-tune-host.cpp - Measure host GEMM tiles on this machine -------===//
//
// Times host GEMMs on candidate tiles (register tile, k block, block rows)
// on the machine it runs on and writes the fastest into the host tuning
// table (meld/Codegen/Host/HostTuning.h), which the compiler then reads for
// this CPU. It also measures what a launch costs here (meld::LaunchCosts,
// which horizontal fusion decides by): the cost of a launch of one block,
// what handing blocks to the worker threads adds, and the bandwidth of
// small kernels. The search is coordinate-wise: register tiles first (with the
// heuristic's k block and block rows), then the k block (of the best tile
// and of the heuristic's), then the block rows, each step keeping the best
// so far. A candidate is scored by the
// geometric mean of its GFLOP/s over the shapes, each the median of
// several timed runs; every candidate's results are checked against a
// double-precision product first, so a tile that computes wrongly is
// dropped, never written. The search's three best then run against the
// heuristic again, interleaved round by round, and the fastest replaces it
// only if it is kConfirmMargin faster there.
//
//   meld-tune-host                       # the default table
//   meld-tune-host --output=table.json --host-threads=2
//   meld-tune-host --quick --dry-run     # small shapes, print only
//   meld-tune-host --launches-only       # launch costs; tiles kept
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Host/HostTarget.h"
#include "meld/Codegen/Host/HostTuning.h"
#include "meld/JIT/JIT.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

using namespace meld;
using codegen::HostGemmTiles;
using codegen::HostTarget;
using meld::LaunchCosts;
namespace cl = llvm::cl;

static cl::OptionCategory category("meld-tune-host options");
static cl::opt<std::string>
    output("output",
           cl::desc("The table to write (default: $MELD_HOST_TUNING or "
                    "~/.cache/meld/host-tuning.json)"),
           cl::value_desc("file"), cl::init(""), cl::cat(category));
static cl::opt<unsigned> threads("host-threads",
                                 cl::desc("Host threads (0: every hardware "
                                          "thread, as the JIT uses)"),
                                 cl::init(0), cl::cat(category));
static cl::opt<bool> quick("quick",
                           cl::desc("Small shapes and few candidates (a "
                                    "check of the tool, not a tuning)"),
                           cl::init(false), cl::cat(category));
static cl::opt<bool> dryRun("dry-run",
                            cl::desc("Print the measurements, write nothing"),
                            cl::init(false), cl::cat(category));
static cl::opt<bool>
    launchesOnly("launches-only",
                 cl::desc("Measure launch costs only; the entry keeps its "
                          "GEMM tiles (or takes the heuristic's)"),
                 cl::init(false), cl::cat(category));
static cl::opt<std::string>
    tunedCpu("cpu",
             cl::desc("The CPU to tune for, by LLVM's name (default: this "
                      "machine's); its code must run here, as an AVX2 "
                      "CPU's (x86-64-v3) does on an AVX-512 machine"),
             cl::value_desc("name"), cl::init(""), cl::cat(category));
static cl::opt<double>
    secondsPerShape("seconds-per-shape", cl::desc("Timing per candidate and shape"),
                    cl::init(0.25), cl::cat(category));

/// How many of the search's best tiles run against the heuristic again,
/// in how many interleaved rounds, and how much faster the fastest of them
/// must be there to replace it.
constexpr int kConfirmTop = 3;
constexpr int kConfirmRounds = 5;
constexpr double kConfirmMargin = 1.03;

namespace {
/// `x @ W` (W k x n) or, transposed, `x @ W^T` (W n x k, as nn.Linear and
/// ONNX's Gemm with transB hold weights).
struct Shape {
  int64_t m, k, n;
  bool transposedRhs = false;

  std::string str() const {
    return llvm::formatv("{0}x{1}x{2}{3}", m, k, n, transposedRhs ? "t" : "")
        .str();
  }
};

/// One shape's inputs, and its product computed in double.
struct Problem {
  Shape shape;
  std::vector<float> a, b;
  std::vector<double> expected;
  std::string ir;
};

Problem makeProblem(Shape s, unsigned seed) {
  Problem p{s, {}, {}, {}, {}};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  p.a.resize(s.m * s.k);
  p.b.resize(s.k * s.n);
  for (float &x : p.a)
    x = dist(rng);
  for (float &x : p.b)
    x = dist(rng);
  p.expected.assign(s.m * s.n, 0.0);
  for (int64_t i = 0; i < s.m; ++i)
    for (int64_t kk = 0; kk < s.k; ++kk) {
      double a = p.a[i * s.k + kk];
      for (int64_t j = 0; j < s.n; ++j)
        p.expected[i * s.n + j] +=
            a * p.b[s.transposedRhs ? j * s.k + kk : kk * s.n + j];
    }
  std::string lhs = llvm::formatv("tensor<{0}x{1}xf32>", s.m, s.k).str();
  std::string rhs = s.transposedRhs
                        ? llvm::formatv("tensor<{0}x{1}xf32>", s.n, s.k).str()
                        : llvm::formatv("tensor<{0}x{1}xf32>", s.k, s.n).str();
  std::string out = llvm::formatv("tensor<{0}x{1}xf32>", s.m, s.n).str();
  p.ir = llvm::formatv("func.func @main(%x: {0}, %w: {1}) -> {2} {{\n"
                       "  %h = meld.matmul %x, %w{3} : {0}, {1} -> {2}\n"
                       "  return %h : {2}\n}\n",
                       lhs, rhs, out, s.transposedRhs ? " transpose_rhs" : "")
             .str();
  return p;
}

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// The median of `values` (reordered).
double median(std::vector<double> &values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2,
                   values.end());
  return values[values.size() / 2];
}

/// Median seconds per call of `run`, timed in batches of `batch` calls: at
/// least `minBatches`, then more until `budget` seconds have passed or
/// `maxBatches` are done.
llvm::Expected<double> medianSeconds(llvm::function_ref<llvm::Error()> run,
                                     int batch, size_t minBatches,
                                     size_t maxBatches, double budget) {
  std::vector<double> times;
  double deadline = seconds() + budget;
  while (times.size() < minBatches ||
         (seconds() < deadline && times.size() < maxBatches)) {
    double start = seconds();
    for (int i = 0; i < batch; ++i)
      if (llvm::Error e = run())
        return std::move(e);
    times.push_back((seconds() - start) / batch);
  }
  return median(times);
}

class Tuner {
public:
  Tuner(jit::Jit &jit, std::vector<Problem> problems)
      : jit(jit), problems(std::move(problems)) {}

  /// GFLOP/s geometric mean of `tiles` over the problems, or an error
  /// (compile failure, wrong results).
  llvm::Expected<double> score(const HostGemmTiles &tiles) {
    double logSum = 0;
    for (Problem &p : problems) {
      jit::CompileOptions options;
      options.hostCpu = tunedCpu;
      options.hostGemmTiles = tiles;
      llvm::Expected<std::shared_ptr<jit::Program>> program =
          jit.compile(p.ir, options, "tune.mlir");
      if (!program)
        return program.takeError();
      std::vector<float> c(p.shape.m * p.shape.n);
      jit::HostView views[3];
      views[0] = {p.a.data(), ref::ElementKind::F32, {p.shape.m, p.shape.k}};
      views[1] = {p.b.data(),
                  ref::ElementKind::F32,
                  {p.shape.transposedRhs ? p.shape.n : p.shape.k,
                   p.shape.transposedRhs ? p.shape.k : p.shape.n}};
      views[2] = {c.data(), ref::ElementKind::F32, {p.shape.m, p.shape.n}};
      auto run = [&]() -> llvm::Error {
        return (*program)
            ->run("main", llvm::ArrayRef(views, 2), llvm::ArrayRef(views + 2, 1))
            .takeError();
      };
      if (llvm::Error e = run())
        return std::move(e);
      // f32 products of k terms in [-1, 1], in blocks: within k * 2^-20
      // of the double sum.
      double tolerance = 1e-6 * p.shape.k + 1e-5;
      for (size_t i = 0; i < c.size(); ++i)
        if (!(std::abs(c[i] - p.expected[i]) <= tolerance))
          return llvm::createStringError(
              llvm::formatv("element {0} of {1} is {2}, expected {3}", i,
                            p.shape.str(), c[i], p.expected[i])
                  .str());
      double flops = 2.0 * p.shape.m * p.shape.k * p.shape.n;
      llvm::Expected<double> median =
          medianSeconds(run, /*batch=*/1, 3, 200, secondsPerShape);
      if (!median)
        return median.takeError();
      logSum += std::log(flops / *median / 1e9);
    }
    return std::exp(logSum / problems.size());
  }

  /// The best of `candidates` (scored and printed); `best` is kept when
  /// none beats it.
  void pick(llvm::StringRef step, llvm::ArrayRef<HostGemmTiles> candidates,
            HostGemmTiles &best, double &bestScore,
            const HostTarget &target) {
    for (const HostGemmTiles &tiles : candidates) {
      if (codegen::validateGemmTiles(tiles, target))
        continue;
      llvm::Expected<double> s = score(tiles);
      if (!s) {
        llvm::WithColor::warning(llvm::errs(), "meld-tune-host")
            << tiles.str() << " dropped: " << llvm::toString(s.takeError())
            << "\n";
        continue;
      }
      llvm::outs() << llvm::formatv("  {0,-8} {1,-45} {2,7:F1} GFLOP/s\n",
                                    step, tiles.str(), *s);
      scored.push_back({tiles, *s});
      if (*s > bestScore) {
        bestScore = *s;
        best = tiles;
      }
    }
  }

  /// The median score of each of `tiles` over `rounds` rounds that score
  /// them all in turn (a, b, c, a, b, c, ...), so that the machine's drift
  /// hits them alike: the search scores each candidate once, and on a
  /// noisy machine a candidate scored in a fast minute can win by the
  /// minute alone.
  llvm::Expected<std::vector<double>>
  interleaved(llvm::ArrayRef<HostGemmTiles> tiles, int rounds) {
    std::vector<std::vector<double>> scores(tiles.size());
    for (int r = 0; r < rounds; ++r)
      for (auto [i, t] : llvm::enumerate(tiles)) {
        llvm::Expected<double> score = this->score(t);
        if (!score)
          return score.takeError();
        scores[i].push_back(*score);
      }
    std::vector<double> medians;
    for (std::vector<double> &v : scores)
      medians.push_back(median(v));
    return medians;
  }

  /// The `n` best-scored tiles of the search but `except`, best first.
  std::vector<HostGemmTiles> top(size_t n, const HostGemmTiles &except) {
    // Positions in `scored`, best score first (the earlier of equals).
    std::vector<size_t> ranked(scored.size());
    std::iota(ranked.begin(), ranked.end(), 0);
    llvm::sort(ranked, [&](size_t a, size_t b) {
      return scored[a].second != scored[b].second
                 ? scored[a].second > scored[b].second
                 : a < b;
    });
    std::vector<HostGemmTiles> out;
    for (size_t i : ranked)
      if (out.size() < n && !(scored[i].first == except) &&
          !llvm::is_contained(out, scored[i].first))
        out.push_back(scored[i].first);
    return out;
  }

  /// Every candidate the search scored, for the table's record.
  llvm::json::Array measured() const {
    llvm::json::Array out;
    for (const auto &[tiles, score] : scored)
      out.push_back(
          llvm::json::Object{{"tiles", tiles.str()}, {"gflops", score}});
    return out;
  }

private:
  /// Every candidate the search scored, in order, with its score.
  std::vector<std::pair<HostGemmTiles, double>> scored;
  jit::Jit &jit;
  std::vector<Problem> problems;
};
} // namespace

/// What a launch costs on this machine, from three programs of small f32
/// kernels timed through Program::run (medians of batches):
/// - a chain of kernels of 16 elements compiled unfused: the slope per
///   kernel is a launch of one block (launchNs);
/// - two independent such kernels apart and as one horizontal launch of
///   two blocks: one launch and the workers' hand-off against two launches
///   (shareNs = joined - apart + launchNs);
/// - one kernel over 65,536 floats (four blocks, cache-resident): the
///   bandwidth of the small kernels horizontal fusion decides for.
class LaunchTimer {
public:
  explicit LaunchTimer(jit::Jit &jit) : jit(jit) {}

  llvm::Expected<LaunchCosts> measure(const HostTarget &target) {
    LaunchCosts costs = codegen::defaultLaunchCosts(target);
    if (threads)
      costs.threads = threads;
    int64_t chain = quick ? 17 : 65;
    llvm::Expected<double> one = time(chainProgram(1), /*fuse=*/false);
    llvm::Expected<double> many = time(chainProgram(chain), /*fuse=*/false);
    if (!one || !many)
      return joinErrors(one.takeError(), many.takeError());
    double launch = std::max(0.0, (*many - *one) / double(chain - 1));
    // Forced to share a launch: no sharing cost assumed.
    LaunchCosts join = costs;
    join.shareNs = 0;
    llvm::Expected<double> apart = time(pairProgram(), /*fuse=*/false);
    llvm::Expected<double> joined = time(pairProgram(), /*fuse=*/true, join);
    if (!apart || !joined)
      return joinErrors(apart.takeError(), joined.takeError());
    double share = std::max(0.0, *joined - *apart + launch);
    int64_t elements = 65536;
    llvm::Expected<double> stream = time(chainProgram(1, elements), false);
    if (!stream)
      return stream.takeError();
    double bytes = 2.0 * 4 * elements;
    double streamNs = std::max(1.0, *stream - launch -
                                        (costs.threads > 1 ? share : 0.0));
    costs.launchNs = std::lround(launch);
    costs.shareNs = std::lround(share);
    costs.bytesPerUs =
        std::max<int64_t>(1, std::lround(bytes / streamNs * 1000));
    llvm::outs() << llvm::formatv(
        "  launches: {0:F0} ns a launch of one block ({1} kernels in a chain: "
        "{2:F0} ns, one: {3:F0} ns); two kernels apart {4:F0} ns, as one "
        "launch of two blocks {5:F0} ns: sharing {6:F0} ns; 65536 floats "
        "squared {7:F0} ns: {8} B/us\n",
        launch, chain, *many, *one, *apart, *joined, share, *stream,
        costs.bytesPerUs);
    return costs;
  }

private:
  /// `length` dependent squarings of a vector of `elements` floats.
  static std::string chainProgram(int64_t length, int64_t elements = 16) {
    std::string type = llvm::formatv("tensor<{0}xf32>", elements).str();
    std::string ir = "func.func @main(%v0: " + type + ") -> " + type + " {\n";
    for (int64_t i = 1; i <= length; ++i)
      ir += llvm::formatv("  %v{0} = meld.mul %v{1}, %v{1} : {2}\n", i, i - 1,
                          type)
                .str();
    return ir + llvm::formatv("  return %v{0} : {1}\n}\n", length, type).str();
  }
  /// Two independent squarings of 16 and 32 floats.
  static std::string pairProgram() {
    return "func.func @main(%a: tensor<16xf32>, %b: tensor<32xf32>) -> "
           "(tensor<16xf32>, tensor<32xf32>) {\n"
           "  %x = meld.mul %a, %a : tensor<16xf32>\n"
           "  %y = meld.mul %b, %b : tensor<32xf32>\n"
           "  return %x, %y : tensor<16xf32>, tensor<32xf32>\n}\n";
  }

  /// Median nanoseconds of a run of `ir` (its inputs and outputs given).
  llvm::Expected<double> time(const std::string &ir, bool fuse,
                              std::optional<LaunchCosts> costs = {}) {
    jit::CompileOptions options;
    options.hostCpu = tunedCpu;
    options.fuse = fuse;
    options.hostLaunchCosts = costs;
    llvm::Expected<std::shared_ptr<jit::Program>> program =
        jit.compile(ir, options, "launches.mlir");
    if (!program)
      return program.takeError();
    const runtime::FunctionSignature *sig = nullptr;
    for (const runtime::FunctionSignature &f : (*program)->getFunctions())
      if (f.name == "main")
        sig = &f;
    if (!sig)
      return llvm::createStringError("no @main");
    std::vector<std::vector<float>> storage;
    std::vector<jit::HostView> in, out;
    for (auto [list, types] : {std::pair(&in, &sig->inputs),
                               std::pair(&out, &sig->outputs)})
      for (const runtime::TensorSpec &t : *types) {
        storage.emplace_back(ref::numElements(t.shape), 0.5f);
        list->push_back({storage.back().data(), ref::ElementKind::F32,
                         llvm::SmallVector<int64_t, 4>(t.shape.begin(),
                                                       t.shape.end())});
      }
    auto run = [&]() {
      return (*program)->run("main", in, out).takeError();
    };
    llvm::Expected<double> median =
        medianSeconds(run, /*batch=*/200, 5, 400, quick ? 0.05 : 0.3);
    if (!median)
      return median.takeError();
    return *median * 1e9;
  }

  jit::Jit &jit;
};

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "meld-tune-host") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "meld-tune-host: time host GEMM tiles here and write the fastest into "
      "the host tuning table\n");
  llvm::Expected<HostTarget> tuned = HostTarget::get(tunedCpu, "");
  if (!tuned)
    return fail(llvm::toString(tuned.takeError()));
  const HostTarget &target = *tuned;
  std::string path = output.empty() ? codegen::defaultHostTuningPath() : output;
  if (path.empty() && !dryRun)
    return fail("no table path: give --output (no $MELD_HOST_TUNING or "
                "$HOME)");

  jit::JitOptions options;
  options.hostThreads = threads;
  options.memoryCacheEntries = 0;
  llvm::Expected<std::unique_ptr<jit::Jit>> jit = jit::Jit::create(options);
  if (!jit)
    return fail(llvm::toString(jit.takeError()));

  llvm::outs() << "meld-tune-host: " << target.cpu << " ("
               << codegen::hostIsaName(target.isa) << ", "
               << target.f32Lanes() << " f32 lanes, "
               << target.vectorRegisters() << " vector registers), "
               << (threads ? threads : target.threads) << " threads\n";
  LaunchTimer launchTimer(**jit);
  llvm::Expected<LaunchCosts> launch = launchTimer.measure(target);
  if (!launch)
    return fail("measuring launches: " + llvm::toString(launch.takeError()));
  if (std::optional<std::string> invalid =
          codegen::validateLaunchCosts(*launch))
    return fail("measured launch costs out of range: " + *invalid);
  if (launchesOnly) {
    if (dryRun)
      return 0;
    // A table that does not exist yet is no problem here: the heuristic's
    // tiles go with the launches.
    HostGemmTiles kept = codegen::resolveGemmTiles(
        target, llvm::sys::fs::exists(path) ? llvm::StringRef(path) : "none",
        [](const std::string &warning) {
          llvm::WithColor::warning(llvm::errs(), "meld-tune-host") << warning
                                                                   << "\n";
        });
    llvm::json::Object measured{{"launch", launch->str()}};
    if (llvm::Error e = codegen::writeGemmTiles(path, target, kept,
                                                std::move(measured), &*launch))
      return fail(llvm::toString(std::move(e)));
    llvm::outs() << "wrote " << path << "\n";
    return 0;
  }

  // The shape classes GEMMs take on the host: a transformer MLP's rows of
  // a short prompt (77, an odd count), a batch of them, and a large square
  // one; plain and with the weight transposed, as nn.Linear and ONNX's
  // Gemm hold it (a table scored on plain products alone once ran the
  // transposed ones at 0.6x the heuristic's speed). Few-row products
  // stream their weight and ignore these tiles.
  std::vector<Shape> shapes =
      quick ? std::vector<Shape>{{40, 96, 80}, {17, 64, 48, true}}
            : std::vector<Shape>{{77, 768, 3072},
                                 {512, 1024, 1024},
                                 {1024, 1024, 1024},
                                 {77, 768, 3072, true},
                                 {256, 768, 3072, true},
                                 {1024, 1024, 1024, true}};
  std::vector<Problem> problems;
  for (auto [i, s] : llvm::enumerate(shapes))
    problems.push_back(makeProblem(s, 1 + i));
  Tuner tuner(**jit, std::move(problems));
  HostGemmTiles best = codegen::defaultGemmTiles(target);
  double bestScore = 0;
  tuner.pick("default", {best}, best, bestScore, target);
  HostGemmTiles heuristic = best;
  double heuristicScore = bestScore;

  // Register tiles that fit the register file: rows x (cols / lanes)
  // accumulators, the column vectors of the right operand, a broadcast.
  int64_t lanes = target.f32Lanes(), registers = target.vectorRegisters();
  std::vector<HostGemmTiles> candidates;
  for (int64_t vectors : {1, 2, 3, 4})
    for (int64_t rows : {2, 4, 6, 8, 12, 14}) {
      if (rows * vectors + vectors + 1 > registers || rows * vectors < 8)
        continue;
      HostGemmTiles t = codegen::gemmTilesFor(rows, vectors * lanes);
      if (t == best || (quick && candidates.size() >= 2))
        continue;
      candidates.push_back(t);
    }
  tuner.pick("register", candidates, best, bestScore, target);
  candidates.clear();
  // The k blocks of the best register tile, and of the heuristic's when
  // another won: one scoring each lets a close second win or lose by the
  // machine's noise, and the heuristic's tile may want another k block on
  // this chip (6 x 64 tiles in k blocks of 256 ran 1.08-1.24x those of 128
  // on the Emerald Rapids Xeon, where a search had taken 4 x 64 tiles).
  for (const HostGemmTiles &tile : {best, heuristic})
    for (int64_t kBlock : {64, 128, 256, 512}) {
      HostGemmTiles t = tile;
      t.kBlock = kBlock;
      if (!(t == best) && !(t == heuristic) &&
          !llvm::is_contained(candidates, t) &&
          !(quick && candidates.size() >= 1))
        candidates.push_back(t);
    }
  tuner.pick("k-block", candidates, best, bestScore, target);
  candidates.clear();
  for (int64_t rows : {64, 128, 256, 512}) {
    HostGemmTiles t = best;
    t.blockRows = best.tileRows * llvm::divideCeil(rows, best.tileRows);
    if (!(t == best) && !(quick && candidates.size() >= 1))
      candidates.push_back(t);
  }
  tuner.pick("blocks", candidates, best, bestScore, target);
  if (bestScore <= 0)
    return fail("no candidate compiled and computed correctly");
  // The search's kConfirmTop best against the heuristic, again and
  // interleaved: the fastest there must beat the heuristic by
  // kConfirmMargin, or the heuristic stays. (On the Emerald Rapids Xeon
  // a search put 4 x 64 tiles at 1.27x the heuristic, which bench/gemm
  // then ran at 0.88-0.96x on most shapes.)
  double confirmed = 0;
  std::vector<HostGemmTiles> finalists = {heuristic};
  for (const HostGemmTiles &t : tuner.top(quick ? 1 : kConfirmTop, heuristic))
    finalists.push_back(t);
  if (finalists.size() > 1) {
    llvm::Expected<std::vector<double>> again =
        tuner.interleaved(finalists, quick ? 1 : kConfirmRounds);
    if (!again)
      return fail(llvm::toString(again.takeError()));
    size_t winner = 1;
    for (size_t i = 1; i < finalists.size(); ++i) {
      llvm::outs() << llvm::formatv(
          "  confirm  {0,-45} {1,7:F1} GFLOP/s, the heuristic {2:F1}, "
          "interleaved ({3:F2}x)\n",
          finalists[i].str(), (*again)[i], (*again)[0],
          (*again)[i] / (*again)[0]);
      if ((*again)[i] > (*again)[winner])
        winner = i;
    }
    confirmed = (*again)[winner] / (*again)[0];
    heuristicScore = (*again)[0];
    if (confirmed < kConfirmMargin) {
      llvm::outs() << llvm::formatv(
          "  kept the heuristic: none was {0:F2}x it, interleaved\n",
          kConfirmMargin);
      best = heuristic;
      bestScore = (*again)[0];
    } else {
      best = finalists[winner];
      bestScore = (*again)[winner];
    }
  }
  llvm::outs() << llvm::formatv(
      "best: {0}, {1:F1} GFLOP/s ({2:F2}x the heuristic's {3})\n", best.str(),
      bestScore, bestScore / heuristicScore, heuristic.str());
  if (dryRun)
    return 0;
  std::string shapesText;
  for (const Shape &s : shapes)
    shapesText += (shapesText.empty() ? "" : " ") + s.str();
  llvm::json::Object measured{
      {"gflops", bestScore},
      {"heuristic_gflops", heuristicScore},
      {"confirmed_speedup", confirmed},
      {"shapes", shapesText},
      {"threads", static_cast<int64_t>(threads ? threads : target.threads)},
      {"candidates", tuner.measured()},
      {"launch", launch->str()}};
  if (llvm::Error e = codegen::writeGemmTiles(path, target, best,
                                              std::move(measured), &*launch))
    return fail(llvm::toString(std::move(e)));
  llvm::outs() << "wrote " << path << "\n";
  return 0;
}
