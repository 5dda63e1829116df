//===- peak.cpp - The machine's limits for the GEMM benchmark --------------===//
//
// Measures what bench/gemm/gemm.py reports Meld's GEMMs against, on the
// machine it runs on, with T threads:
//   fma    GFLOP/s of independent f32 FMA chains in the widest vector the
//          compiler targets (-march=native), 2 flops per lane per FMA;
//   copy   GB/s of memcpy over buffers far beyond the caches, counting the
//          bytes read and written;
//   read   GB/s of a vectorized sum over such a buffer, the traffic of a
//          matrix-vector product that streams its weight once;
//   amx    GFLOP/s of independent tdpbf16ps chains on 4 accumulator tiles
//          (16 x 16 x 32 bf16 multiply-adds each), where the compiler
//          targets AMX-BF16 and Linux grants the tile state; else 0;
//   dot    GFLOP/s of independent vdpbf16ps chains on 512-bit vectors (4
//          flops per f32 lane: two products and their sums), where the
//          compiler targets AVX512-BF16; else 0.
// Built and run by gemm.py: clang++ -O3 -march=native -pthread peak.cpp.
// Prints one JSON object.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#if defined(__AVX512BF16__)
#include <immintrin.h>
#endif
#if defined(__AMX_BF16__) && defined(__linux__)
#include <immintrin.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace {

#if defined(__AVX512F__)
constexpr int kLanes = 16;
constexpr const char *kVector = "512-bit";
#elif defined(__AVX__)
constexpr int kLanes = 8;
constexpr const char *kVector = "256-bit";
#else
constexpr int kLanes = 4;
constexpr const char *kVector = "128-bit";
#endif

typedef float Vec __attribute__((vector_size(kLanes * sizeof(float))));

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Runs fn(t) on `threads` threads at once and returns the wall time.
template <typename Fn>
double parallel(int threads, Fn fn) {
  std::vector<std::thread> pool;
  double start = now();
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&fn, t] { fn(t); });
  for (std::thread &th : pool)
    th.join();
  return now() - start;
}

/// 12 independent chains: enough to cover 2 FMA pipes x 4-5 cycles of
/// latency on every x86 core.
constexpr int kChains = 12;

__attribute__((noinline)) Vec fmaChains(long iterations, Vec seed) {
  Vec acc[kChains];
  for (int c = 0; c < kChains; ++c)
    acc[c] = seed + static_cast<float>(c);
  Vec a = seed * 0.999f, b = seed * 0.001f;
  for (long i = 0; i < iterations; ++i)
    for (int c = 0; c < kChains; ++c)
      acc[c] = __builtin_elementwise_fma(acc[c], a, b);
  Vec sum = acc[0];
  for (int c = 1; c < kChains; ++c)
    sum += acc[c];
  return sum;
}

double fmaPeak(int threads) {
  constexpr long kIterations = 50'000'000;
  std::vector<float> sink(threads);
  double best = 0;
  for (int round = 0; round < 3; ++round) {
    double seconds = parallel(threads, [&](int t) {
      Vec seed = {};
      seed += 1.0f + t;
      Vec r = fmaChains(kIterations, seed);
      sink[t] = r[0];
    });
    double flops = 2.0 * kLanes * kChains * kIterations * threads;
    best = std::max(best, flops / seconds / 1e9);
  }
  return best;
}

double copyBandwidth(int threads, size_t bytesPerThread) {
  std::vector<std::vector<char>> src(threads), dst(threads);
  for (int t = 0; t < threads; ++t) {
    src[t].assign(bytesPerThread, static_cast<char>(t + 1));
    dst[t].assign(bytesPerThread, 0);
  }
  double best = 0;
  for (int round = 0; round < 5; ++round) {
    double seconds = parallel(threads, [&](int t) {
      std::memcpy(dst[t].data(), src[t].data(), bytesPerThread);
    });
    best = std::max(best, 2.0 * bytesPerThread * threads / seconds / 1e9);
  }
  return best;
}

double readBandwidth(int threads, size_t bytesPerThread) {
  size_t n = bytesPerThread / sizeof(Vec);
  std::vector<std::vector<Vec>> data(threads);
  for (int t = 0; t < threads; ++t) {
    Vec one = {};
    one += 1.0f;
    data[t].assign(n, one);
  }
  std::vector<float> sink(threads);
  double best = 0;
  for (int round = 0; round < 5; ++round) {
    double seconds = parallel(threads, [&](int t) {
      Vec s0 = {}, s1 = {}, s2 = {}, s3 = {};
      const Vec *p = data[t].data();
      for (size_t i = 0; i + 4 <= n; i += 4) {
        s0 += p[i];
        s1 += p[i + 1];
        s2 += p[i + 2];
        s3 += p[i + 3];
      }
      Vec s = s0 + s1 + s2 + s3;
      sink[t] = s[0];
    });
    best = std::max(best, 1.0 * bytesPerThread * threads / seconds / 1e9);
  }
  return best;
}

#if defined(__AMX_BF16__) && defined(__linux__)
/// The tile configuration (palette 1): 8 tiles of 16 rows of 64 bytes.
struct alignas(64) TileConfig {
  unsigned char palette = 1, startRow = 0, reserved[14] = {};
  unsigned short colsb[16] = {};
  unsigned char rows[16] = {};
};

__attribute__((noinline)) void amxChains(long iterations) {
  TileConfig config;
  for (int t = 0; t < 8; ++t) {
    config.colsb[t] = 64;
    config.rows[t] = 16;
  }
  _tile_loadconfig(&config);
  alignas(64) static thread_local unsigned short operand[16 * 32] = {};
  _tile_loadd(4, operand, 64);
  _tile_loadd(5, operand, 64);
  _tile_loadd(6, operand, 64);
  _tile_loadd(7, operand, 64);
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  for (long i = 0; i < iterations; ++i) {
    _tile_dpbf16ps(0, 4, 6);
    _tile_dpbf16ps(1, 4, 7);
    _tile_dpbf16ps(2, 5, 6);
    _tile_dpbf16ps(3, 5, 7);
  }
  alignas(64) static thread_local float out[16 * 16];
  _tile_stored(0, out, 64);
  _tile_release();
}

double amxPeak(int threads) {
  constexpr int kReqXcompPerm = 0x1023, kXfeatureXtiledata = 18;
  if (syscall(SYS_arch_prctl, kReqXcompPerm, kXfeatureXtiledata) != 0)
    return 0;
  constexpr long kIterations = 2'000'000;
  double best = 0;
  for (int round = 0; round < 3; ++round) {
    double seconds = parallel(threads, [&](int) { amxChains(kIterations); });
    double flops = 2.0 * 16 * 16 * 32 * 4 * kIterations * threads;
    best = std::max(best, flops / seconds / 1e9);
  }
  return best;
}
#else
double amxPeak(int) { return 0; }
#endif

#if defined(__AVX512BF16__)
__attribute__((noinline)) float dotChains(long iterations) {
  __m512 acc[kChains];
  for (int c = 0; c < kChains; ++c)
    acc[c] = _mm512_set1_ps(static_cast<float>(c));
  __m512bh a = (__m512bh)_mm512_set1_epi32(0x3f803f80),
           b = (__m512bh)_mm512_set1_epi32(0x00010001);
  for (long i = 0; i < iterations; ++i)
    for (int c = 0; c < kChains; ++c)
      acc[c] = _mm512_dpbf16_ps(acc[c], a, b);
  __m512 sum = acc[0];
  for (int c = 1; c < kChains; ++c)
    sum = _mm512_add_ps(sum, acc[c]);
  return _mm512_reduce_add_ps(sum);
}

double dotPeak(int threads) {
  constexpr long kIterations = 20'000'000;
  double best = 0;
  std::vector<float> sink(threads);
  for (int round = 0; round < 3; ++round) {
    double seconds = parallel(
        threads, [&](int t) { sink[t] = dotChains(kIterations); });
    double flops = 4.0 * 16 * kChains * kIterations * threads;
    best = std::max(best, flops / seconds / 1e9);
  }
  return best;
}
#else
double dotPeak(int) { return 0; }
#endif

} // namespace

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  if (threads < 1)
    threads = 1;
  // 256 MiB in all: far beyond any L3 of this class of machine.
  size_t bytes = (256u << 20) / threads;
  std::printf("{\"threads\": %d, \"vector\": \"%s\", \"fma_gflops\": %.1f, "
              "\"copy_gbs\": %.1f, \"read_gbs\": %.1f, "
              "\"amx_bf16_gflops\": %.1f, \"dot_bf16_gflops\": %.1f}\n",
              threads, kVector, fmaPeak(threads),
              copyBandwidth(threads, bytes), readBandwidth(threads, bytes),
              amxPeak(threads), dotPeak(threads));
  return 0;
}
