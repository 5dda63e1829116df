// Two orders of an AVX2 GEMM block's register tiles, timed alone: the
// 6 x 16 tile of meld-vectorize-host-contractions' AVX2 heuristic (two
// vectors of a packed `k x 16` panel, six broadcasts of A per step of k,
// twelve FMAs), over a block of `rows` rows of an unpacked A (rows `lda`
// floats apart) and `panels` packed panels of B, one thread. Written to
// find why the AVX2 code ran at about half of one core's FMA peak on a Zen 3
// EPYC (32 KiB L1, 512 KiB L2; no hardware counters in the VM):
//
//   clang++-22 -O3 -march=native -std=c++17 bench/gemm/tile_order.cpp -o /tmp/tile_order
//   taskset -c 0 /tmp/tile_order MODE ROWS K LDA [PANELS]
//
// MODE 0: column tile outer, row tiles inner (blocks of one panel, which
//         every row tile walks: Meld's order before panel-block-bytes);
// MODE 1: the same with A interleaved k-major per tile (one stream);
// MODE 2: row tile outer, column tiles inner (a row tile's slice of A in
//         L1, the panels streaming past it: panel-block-bytes' order);
// MODE 3: MODE 2 with A interleaved.
// docs/performance.md ("Zen 3") has a run: 2 beat 0 by 15-30%, 1 by 12%.
// Tests never run this.
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
// 6x16 AVX2 register tile, B panel packed k x 16 (32 KiB at K=512).
// mode 0: A rows strided lda; mode 1: A interleaved (k*6 + r).
template <int MODE>
__attribute__((noinline)) void tile(const float *A, long lda, const float *B, float *C, long ldc, long K) {
  __m256 c[6][2];
  for (int r = 0; r < 6; ++r) { c[r][0] = _mm256_loadu_ps(C + r * ldc); c[r][1] = _mm256_loadu_ps(C + r * ldc + 8); }
  for (long k = 0; k < K; ++k) {
    __m256 b0 = _mm256_load_ps(B + 16 * k), b1 = _mm256_load_ps(B + 16 * k + 8);
#pragma unroll
    for (int r = 0; r < 6; ++r) {
      __m256 a = _mm256_broadcast_ss(MODE == 0 ? A + r * lda + k : A + k * 6 + r);
      c[r][0] = _mm256_fmadd_ps(a, b0, c[r][0]);
      c[r][1] = _mm256_fmadd_ps(a, b1, c[r][1]);
    }
  }
  for (int r = 0; r < 6; ++r) { _mm256_storeu_ps(C + r * ldc, c[r][0]); _mm256_storeu_ps(C + r * ldc + 8, c[r][1]); }
}
int main(int argc, char **argv) {
  int mode = atoi(argv[1]); long rows = atol(argv[2]); long K = atol(argv[3]); long lda = atol(argv[4]);
  long ncols = argc > 5 ? atol(argv[5]) : 64;
  std::vector<float> Abuf((rows + 6) * std::max(lda, K) + 64), Bp(ncols * K * 16 + 64), Cb((rows + 6) * 1024 + 64);
  for (auto &x : Abuf) x = 1e-3f; for (auto &x : Bp) x = 1e-3f;
  float *B = (float *)(((uintptr_t)Bp.data() + 63) & ~63ul);
  double best = 0;
  for (int rep = 0; rep < 5; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    if (mode == 2) {
      for (long i = 0; i + 6 <= rows; i += 6)
        for (long j = 0; j < ncols; ++j)
          tile<0>(Abuf.data() + i * lda, lda, B + j * K * 16, Cb.data() + i * 1024 + (j % 64) * 16, 1024, K);
    } else if (mode == 3) {
      for (long i = 0; i + 6 <= rows; i += 6)
        for (long j = 0; j < ncols; ++j)
          tile<1>(Abuf.data() + i * K, 0, B + j * K * 16, Cb.data() + i * 1024 + (j % 64) * 16, 1024, K);
    } else
    for (long j = 0; j < ncols; ++j)
      for (long i = 0; i + 6 <= rows; i += 6) {
        if (mode == 0) tile<0>(Abuf.data() + i * lda, lda, B + j * K * 16, Cb.data() + i * 1024 + (j % 64) * 16, 1024, K);
        else tile<1>(Abuf.data() + i * K, 0, B + j * K * 16, Cb.data() + i * 1024 + (j % 64) * 16, 1024, K);
      }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double g = 2.0 * (rows / 6 * 6) * K * 16 * ncols / s / 1e9;
    if (g > best) best = g;
  }
  printf("mode %d rows %ld K %ld lda %ld: %.1f GFLOP/s\n", mode, rows, K, lda, best);
}
