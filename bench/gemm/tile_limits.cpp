//===- tile_limits.cpp - Where a 6 x 64 register tile's time goes ----------===//
//
// The f32 register tile of Meld's host GEMMs on Intel's AVX-512 cores (6
// rows of the left operand broadcast, 4 vectors of 16 columns of a packed
// right-operand panel, 24 accumulators), written with intrinsics and run
// on one thread under the data arrangements a GEMM of M x K @ (N x K)^T
// can give it, to tell the tile's own speed from what feeding it costs:
//
//   l1         K = 128: the panel (32 KiB) and the output tile stay in L1,
//              the left operand streams from L2: the tile alone;
//   current    Meld's nest for 1024 x 2048 @ (N x 2048)^T on AMX machines:
//              a panel of all of k (512 KiB, in L2) walked by every row
//              tile, the left operand's rows read in place (from L3), the
//              sums kept in registers over all of k;
//   packed     the same with the left operand packed, row tile by row tile;
//   kblocks    k blocks of 128 (the panel in L1), the sums stored to and
//              reloaded from a contiguous scratch block between k blocks;
//   goto       Goto's order: k blocks of 256 outside, blocks of 192 rows
//              (packed, in L2), every panel of the block's columns, the
//              output tiles loaded and stored per k block.
//
// Prints GFLOP/s per arrangement (best of 5); compare them with peak.cpp's
// one-thread FMA peak. Build and run:
//   clang++-22 -O3 -march=native bench/gemm/tile_limits.cpp -o tile_limits
//   ./tile_limits
// (Needs AVX-512F.) docs/performance.md has the numbers per machine.
//
//===----------------------------------------------------------------------===//

#include <immintrin.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>

namespace {

/// acc[6][4] (+)= a[r][k] * b[k][0..63] for k < depth. Row r of the left
/// operand is at a + r * lda (lda = 0: packed, a[k * 6 + r]); b is a
/// packed panel, 64 floats per k; c has rows ldc apart.
void tile(const float *a, long lda, const float *b, long depth, float *c,
          long ldc, bool accumulate) {
  __m512 acc[6][4];
  for (int r = 0; r < 6; ++r)
    for (int j = 0; j < 4; ++j)
      acc[r][j] = accumulate ? _mm512_loadu_ps(c + r * ldc + 16 * j)
                             : _mm512_setzero_ps();
  for (long k = 0; k < depth; ++k) {
    __m512 b0 = _mm512_load_ps(b + k * 64), b1 = _mm512_load_ps(b + k * 64 + 16),
           b2 = _mm512_load_ps(b + k * 64 + 32),
           b3 = _mm512_load_ps(b + k * 64 + 48);
    for (int r = 0; r < 6; ++r) {
      __m512 x = _mm512_set1_ps(lda ? a[r * lda + k] : a[k * 6 + r]);
      acc[r][0] = _mm512_fmadd_ps(x, b0, acc[r][0]);
      acc[r][1] = _mm512_fmadd_ps(x, b1, acc[r][1]);
      acc[r][2] = _mm512_fmadd_ps(x, b2, acc[r][2]);
      acc[r][3] = _mm512_fmadd_ps(x, b3, acc[r][3]);
    }
  }
  for (int r = 0; r < 6; ++r)
    for (int j = 0; j < 4; ++j)
      _mm512_storeu_ps(c + r * ldc + 16 * j, acc[r][j]);
}

float *buffer(long floats) {
  auto *p = static_cast<float *>(aligned_alloc(64, floats * 4));
  for (long i = 0; i < floats; ++i)
    p[i] = 1e-3f * static_cast<float>(i % 7);
  return p;
}

constexpr long kRows = 1020, kDepth = 2048, kPanels = 32, kCols = 64 * kPanels;

/// Best GFLOP/s of 5 runs of `body`, which does `flops`.
double best(double flops, const std::function<void()> &body) {
  double most = 0;
  for (int rep = 0; rep < 5; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    body();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                   .count();
    most = std::max(most, flops / s / 1e9);
  }
  return most;
}

} // namespace

int main() {
  float *a = buffer(kRows * kDepth), *packed = buffer(kRows * kDepth);
  float *panels = buffer(kDepth * kCols), *c = buffer(kRows * kCols);
  float *scratch = buffer(kRows * 64);
  // Left operand packed per k block of `kb`: block kk holds rows x kb, row
  // tile t at t * kb, 6 rows interleaved along k.
  auto pack = [&](long kb) {
    for (long kk = 0; kk < kDepth; kk += kb)
      for (long t = 0; t < kRows; t += 6)
        for (long k = 0; k < kb; ++k)
          for (int r = 0; r < 6; ++r)
            packed[kk * kRows + t * kb + k * 6 + r] = a[(t + r) * kDepth + kk + k];
  };
  const double flops = 2.0 * kRows * kDepth * kCols;
  std::printf("one thread, %ld x %ld @ (%ld x %ld)^T in 6 x 64 tiles\n", kRows,
              kDepth, kCols, kDepth);

  pack(128);
  std::printf("l1       %6.1f GFLOP/s\n",
              best(2.0 * kRows * 128 * kCols * 16, [&] {
                for (int rep = 0; rep < 16; ++rep)
                  for (long p = 0; p < kPanels; ++p)
                    for (long t = 0; t < kRows; t += 6)
                      tile(packed + t * 128, 0, panels, 128, scratch, 64, false);
              }));
  std::printf("current  %6.1f GFLOP/s\n", best(flops, [&] {
                for (long p = 0; p < kPanels; ++p)
                  for (long t = 0; t < kRows; t += 6)
                    tile(a + t * kDepth, kDepth, panels + p * 64 * kDepth, kDepth,
                         c + t * kCols + p * 64, kCols, false);
              }));
  pack(kDepth);
  std::printf("packed   %6.1f GFLOP/s\n", best(flops, [&] {
                for (long p = 0; p < kPanels; ++p)
                  for (long t = 0; t < kRows; t += 6)
                    tile(packed + t * kDepth, 0, panels + p * 64 * kDepth, kDepth,
                         c + t * kCols + p * 64, kCols, false);
              }));
  pack(128);
  std::printf("kblocks  %6.1f GFLOP/s\n", best(flops, [&] {
                for (long p = 0; p < kPanels; ++p) {
                  for (long kk = 0; kk < kDepth; kk += 128)
                    for (long t = 0; t < kRows; t += 6)
                      tile(packed + kk * kRows + t * 128, 0,
                           panels + p * 64 * kDepth + kk * 64, 128,
                           scratch + t * 64, 64, kk > 0);
                  for (long r = 0; r < kRows; ++r)
                    std::memcpy(c + r * kCols + p * 64, scratch + r * 64, 256);
                }
              }));
  pack(256);
  std::printf("goto     %6.1f GFLOP/s\n", best(flops, [&] {
                for (long kk = 0; kk < kDepth; kk += 256)
                  for (long ic = 0; ic < kRows; ic += 192)
                    for (long p = 0; p < kPanels; ++p)
                      for (long t = ic; t < ic + 192 && t < kRows; t += 6)
                        tile(packed + kk * kRows + t * 256, 0,
                             panels + p * 64 * kDepth + kk * 64, 256,
                             c + t * kCols + p * 64, kCols, kk > 0);
              }));
  return 0;
}
