// A hand-written model of host GEMM loop nests on an AVX2 core (f32, 6 x 16
// register tiles: Meld's AVX2 heuristic), to tell whether packing the right
// operand once for all row blocks (BLAS order) would beat Meld's nest on a
// CPU without hardware counters (the Zen 3 EPYC VM). One thread; run it
// pinned:
//
//   clang++-22 -O3 -march=x86-64-v3 -std=c++17 bench/gemm/avx2_nest_model.cpp
//   -o /tmp/avx2_nest taskset -c 0 /tmp/avx2_nest [M N K]
//
// Variants (GFLOP/s, best and median of interleaved runs; every variant's
// result is compared with the first's):
//   meld BR/KB          Meld's nest since panel-block-bytes: row blocks of
//                       BR rows, k blocks of KB; per block of 128 columns
//                       its 8 panels (KB x 16) packed, then each row tile
//                       (A unpacked, rows K apart) sweeps the 8 panels
//   once KC/NC          B's KC x NC block packed panel-major once for all
//                       rows (BLAS order), each row tile sweeps its panels;
//                       +A: the row tile's 6 x KC of A packed k-major first
//   +pf                 the next panel prefetched while a tile runs
//   meld rows BR/KB     Meld's nest, the block's panels packed k row by k row
//                       (128 contiguous floats read at a time)
//   meld rows+pad       the same with the block's panels 64 bytes further
//                       apart than their size (not all in one L1 set)
//   blkBR[+A] KC/NC     BLAS order within row blocks of BR rows (B's block
//                       packed once per row block, as each of Meld's
//                       parallel blocks could)
//   prepacked BR/KB     Meld's nest reading panels of a copy of B packed
//                       whole first (packing included in the time)
// Tests never run this.
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

constexpr int MR = 6, NR = 16;
static int M = 1024, N = 1024, K = 1024;
static float *A, *B, *C, *Cref, *bbuf, *abuf;

template <bool PackedA, bool Prefetch>
static inline void micro(const float *a, int lda, const float *bp, float *c,
                         const float *next, int kc) {
  __m256 acc[MR][2];
  for (int r = 0; r < MR; ++r) {
    acc[r][0] = _mm256_loadu_ps(c + r * N);
    acc[r][1] = _mm256_loadu_ps(c + r * N + 8);
  }
  for (int k = 0; k < kc; ++k) {
    if (Prefetch && (k & 3) == 0)
      _mm_prefetch((const char *)(next + k * NR), _MM_HINT_T0);
    __m256 b0 = _mm256_load_ps(bp + k * NR),
           b1 = _mm256_load_ps(bp + k * NR + 8);
#pragma unroll
    for (int r = 0; r < MR; ++r) {
      __m256 av =
          _mm256_broadcast_ss(PackedA ? a + k * MR + r : a + r * lda + k);
      acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
      acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
    }
  }
  for (int r = 0; r < MR; ++r) {
    _mm256_storeu_ps(c + r * N, acc[r][0]);
    _mm256_storeu_ps(c + r * N + 8, acc[r][1]);
  }
}

// `byRows`: row by row of B (else panel by panel); `pad`: floats between
// consecutive panels of a block beyond their size.
static void packPanels(float *dst, int k0, int kc, int j0, int nc,
                       bool byRows = false, int pad = 0) {
  if (byRows) {
    for (int k = 0; k < kc; ++k)
      for (int j = j0; j < j0 + nc; j += NR)
        memcpy(dst + (j - j0) / NR * (kc * NR + pad) + k * NR,
               B + (size_t)(k0 + k) * N + j, NR * 4);
    return;
  }
  for (int j = j0; j < j0 + nc; j += NR)
    for (int k = 0; k < kc; ++k)
      memcpy(dst + (j - j0) * kc + k * NR, B + (size_t)(k0 + k) * N + j,
             NR * 4);
}

// Meld's nest: row blocks outermost (one per thread's share), k blocks,
// 128-column blocks packed per row block.
static void meldNest(int BR, int KB, bool byRows = false, int pad = 0) {
  const int NC = 128;
  for (int i0 = 0; i0 < M; i0 += BR)
    for (int k0 = 0; k0 < K; k0 += KB) {
      int kc = std::min(KB, K - k0);
      for (int j0 = 0; j0 < N; j0 += NC) {
        packPanels(bbuf, k0, kc, j0, NC, byRows, pad);
        for (int r0 = i0; r0 + MR <= std::min(M, i0 + BR); r0 += MR)
          for (int j = j0; j < j0 + NC; j += NR)
            micro<false, false>(A + (size_t)r0 * K + k0, K,
                                bbuf + (j - j0) / NR * (kc * NR + pad),
                                C + (size_t)r0 * N + j, nullptr, kc);
      }
    }
}

// Meld's nest reading B from a copy packed whole first, panel-major per k
// block ([K/KB][N/16][KB][16]: what a packing kernel before the gemm would
// write once for every row block and thread).
static void prepackedNest(int BR, int KB) {
  for (int k0 = 0; k0 < K; k0 += KB)
    packPanels(bbuf + (size_t)k0 * N, k0, std::min(KB, K - k0), 0, N);
  const int NC = 128;
  for (int i0 = 0; i0 < M; i0 += BR)
    for (int k0 = 0; k0 < K; k0 += KB) {
      int kc = std::min(KB, K - k0);
      const float *packed = bbuf + (size_t)k0 * N;
      for (int j0 = 0; j0 < N; j0 += NC)
        for (int r0 = i0; r0 + MR <= std::min(M, i0 + BR); r0 += MR)
          for (int j = j0; j < j0 + NC; j += NR)
            micro<false, false>(A + (size_t)r0 * K + k0, K,
                                packed + (size_t)j * kc, C + (size_t)r0 * N + j,
                                nullptr, kc);
    }
}

// BLAS order: k blocks outermost; B's kc x NC block packed once for every
// row (or every row of a block of `rows`, the outermost loop, when not 0);
// row tiles sweep its panels from L2.
template <bool PackA, bool Prefetch>
static void onceNest(int KC, int NC, int rows = 0) {
  int BR = rows ? rows : M;
  for (int i0 = 0; i0 < M; i0 += BR)
    for (int k0 = 0; k0 < K; k0 += KC) {
      int kc = std::min(KC, K - k0);
      for (int j00 = 0; j00 < N; j00 += NC) {
        int nc = std::min(NC, N - j00);
        packPanels(bbuf, k0, kc, j00, nc);
        for (int r0 = i0; r0 + MR <= std::min(M, i0 + BR); r0 += MR) {
          if (PackA)
            for (int k = 0; k < kc; ++k)
              for (int r = 0; r < MR; ++r)
                abuf[k * MR + r] = A[(size_t)(r0 + r) * K + k0 + k];
          for (int j = j00; j < j00 + nc; j += NR) {
            const float *panel = bbuf + (j - j00) * kc;
            const float *next = j + NR < j00 + nc ? panel + NR * kc : bbuf;
            if (PackA)
              micro<true, Prefetch>(abuf, 0, panel, C + (size_t)r0 * N + j,
                                    next, kc);
            else
              micro<false, Prefetch>(A + (size_t)r0 * K + k0, K, panel,
                                     C + (size_t)r0 * N + j, next, kc);
          }
        }
      }
    }
}

int main(int argc, char **argv) {
  if (argc > 3) {
    M = atoi(argv[1]);
    N = atoi(argv[2]);
    K = atoi(argv[3]);
  }
  M = M / MR * MR;
  A = (float *)aligned_alloc(64, sizeof(float) * M * K);
  B = (float *)aligned_alloc(64, sizeof(float) * K * N);
  C = (float *)aligned_alloc(64, sizeof(float) * M * N);
  Cref = (float *)aligned_alloc(64, sizeof(float) * M * N);
  bbuf = (float *)aligned_alloc(64, sizeof(float) * K * N);
  abuf = (float *)aligned_alloc(64, sizeof(float) * MR * K);
  for (int i = 0; i < M * K; ++i)
    A[i] = (rand() % 7) - 3;
  for (int i = 0; i < K * N; ++i)
    B[i] = (rand() % 5) - 2;
  struct V {
    const char *name;
    std::function<void()> run;
    std::vector<double> t;
  } vs[] = {
      {"meld 258/512", [] { meldNest(258, 512); }},
      {"meld 516/512", [] { meldNest(516, 512); }},
      {"meld 1020/512", [] { meldNest(1020, 512); }},
      {"meld 258/256", [] { meldNest(258, 256); }},
      {"once 512/128", [] { onceNest<false, false>(512, 128); }},
      {"once 256/1024", [] { onceNest<false, false>(256, 1024); }},
      {"once 512/1024", [] { onceNest<false, false>(512, 1024); }},
      {"once+A 256/1024", [] { onceNest<true, false>(256, 1024); }},
      {"once+A 512/128", [] { onceNest<true, false>(512, 128); }},
      {"once+A+pf 256/1024", [] { onceNest<true, true>(256, 1024); }},
      {"once+pf 512/128", [] { onceNest<false, true>(512, 128); }},
      {"prepacked 258/512", [] { prepackedNest(258, 512); }},
      {"prepacked 516/512", [] { prepackedNest(516, 512); }},
      {"meld rows 258/512", [] { meldNest(258, 512, true); }},
      {"meld rows 516/512", [] { meldNest(516, 512, true); }},
      {"meld rows+pad 258/512", [] { meldNest(258, 512, true, 16); }},
      {"meld rows+pad 516/512", [] { meldNest(516, 512, true, 16); }},
      {"blk258+A 256/1024", [] { onceNest<true, false>(256, 1024, 258); }},
      {"blk258+A 256/512", [] { onceNest<true, false>(256, 512, 258); }},
      {"blk516+A 256/1024", [] { onceNest<true, false>(256, 1024, 516); }},
      {"blk258+A 512/512", [] { onceNest<true, false>(512, 512, 258); }},
      {"blk258 256/1024", [] { onceNest<false, false>(256, 1024, 258); }}};
  int reps = argc > 4 ? atoi(argv[4]) : 15;
  for (int rep = 0; rep < reps; ++rep)
    for (auto &v : vs) {
      memset(C, 0, sizeof(float) * M * N);
      auto t0 = std::chrono::steady_clock::now();
      v.run();
      v.t.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
              .count());
      if (rep == 0 && &v == vs)
        memcpy(Cref, C, sizeof(float) * M * N);
      if (memcmp(C, Cref, sizeof(float) * M * N))
        printf("WRONG %s\n", v.name);
    }
  // Speeds, and each variant's speed relative to the first's in the same
  // round (the median of those ratios holds on a VM whose speed drifts).
  double flop = 2.0 * M * N * K;
  std::vector<double> first = vs[0].t;
  for (auto &v : vs) {
    std::vector<double> ratio;
    for (size_t i = 0; i < v.t.size(); ++i)
      ratio.push_back(first[i] / v.t[i]);
    std::sort(ratio.begin(), ratio.end());
    std::sort(v.t.begin(), v.t.end());
    printf("%-22s best %6.1f median %6.1f GFLOP/s, x%.3f the first\n", v.name,
           flop / v.t[0] / 1e9, flop / v.t[v.t.size() / 2] / 1e9,
           ratio[ratio.size() / 2]);
  }
}
