// A hand-written model of Meld's host GEMM loop nest (f32, AVX-512), to
// find where its time goes on a CPU without hardware counters (perf reads
// none in these VMs): the same blocks as meld-vectorize-host-contractions'
// heuristic (k blocks of 256, 256-row blocks, a 256 x 32 panel of B packed
// per column tile, 8 x 32 register tiles with A broadcast from its rows),
// timed with parts left out. One thread; run it pinned:
//
//   clang++-22 -O3 -march=native -std=c++17 bench/gemm/loop_model.cpp -o /tmp/loop_model
//   taskset -c 0 /tmp/loop_model
//
// Variants (GFLOP/s of 1024 x 1024 x 1024, best of 20, three rounds):
//   kernel in L1    the register tile's k loop alone, A and the panel in L1
//   as Meld         the whole nest: B packed per column tile, A unpacked
//   A packed        A's 8 x 256 tile stored k-major first (one stream)
//   B pre-packed    the panel packing left out (its cost: the difference)
//   both            A packed and the panel packing left out
//   B block by rows B's whole k block packed panel-major ([N/32][KB][32])
//                   from contiguous rows of B, per row block (+A: A packed)
//   B once per k block  the same, packed once per k block for all row
//                   blocks (BLAS order: k blocks outside the row blocks)
// -DKBV=128 -DBRV=128 change the k block and the row block.
// docs/performance.md has a run. Tests never run this.
#include <immintrin.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef KBV
#define KBV 256
#endif
#ifndef BRV
#define BRV 256
#endif
constexpr int M = 1024, N = 1024, K = 1024, KB = KBV, BR = BRV, MR = 8;

/// The row tiles of one column tile (32 columns) and k block of a row
/// block: 8 x 32 register tiles, the panel `bp` (KB x 32) in L1, A's rows
/// unpacked or packed k-major (`ap`).
template <bool PackA>
inline void rowTiles(const float *A, float *C, const float *bp, const float *ap, int i0,
                     int k0, int j0) {
  for (int r0 = 0; r0 < BR; r0 += MR) {
    __m512 acc[MR][2];
    float *c = C + (i0 + r0) * N + j0;
    for (int r = 0; r < MR; ++r) {
      acc[r][0] = _mm512_loadu_ps(c + r * N);
      acc[r][1] = _mm512_loadu_ps(c + r * N + 16);
    }
    const float *a = PackA ? ap + (r0 / MR) * KB * MR : A + (i0 + r0) * K + k0;
    for (int k = 0; k < KB; ++k) {
      __m512 b0 = _mm512_load_ps(bp + k * 32), b1 = _mm512_load_ps(bp + k * 32 + 16);
      for (int r = 0; r < MR; ++r) {
        __m512 av = _mm512_set1_ps(PackA ? a[k * MR + r] : a[r * K + k]);
        acc[r][0] = _mm512_fmadd_ps(av, b0, acc[r][0]);
        acc[r][1] = _mm512_fmadd_ps(av, b1, acc[r][1]);
      }
    }
    for (int r = 0; r < MR; ++r) {
      _mm512_storeu_ps(c + r * N, acc[r][0]);
      _mm512_storeu_ps(c + r * N + 16, acc[r][1]);
    }
  }
}

template <bool PackA, bool PackB>
__attribute__((noinline)) void gemm(const float *A, const float *B, float *C, float *bp,
                                    float *ap) {
  for (int i0 = 0; i0 < M; i0 += BR)
    for (int k0 = 0; k0 < K; k0 += KB) {
      if (PackA) // the block's A as [BR / MR][KB][MR]
        for (int r0 = 0; r0 < BR; r0 += MR)
          for (int k = 0; k < KB; ++k)
            for (int r = 0; r < MR; ++r)
              ap[(r0 / MR) * KB * MR + k * MR + r] = A[(i0 + r0 + r) * K + k0 + k];
      for (int j0 = 0; j0 < N; j0 += 32) {
        if (PackB)
          for (int k = 0; k < KB; ++k) {
            _mm512_store_ps(bp + k * 32, _mm512_loadu_ps(B + (k0 + k) * N + j0));
            _mm512_store_ps(bp + k * 32 + 16, _mm512_loadu_ps(B + (k0 + k) * N + j0 + 16));
          }
        rowTiles<PackA>(A, C, bp, ap, i0, k0, j0);
      }
    }
}

/// B's k block packed panel-major ([N / 32][KB][32]) by whole rows of B
/// (contiguous reads): per row block (`Shared` false, as many packs as
/// Meld), or once per k block for every row block (`Shared`, BLAS order).
template <bool PackA, bool Shared>
__attribute__((noinline)) void gemmWide(const float *A, const float *B, float *C, float *bw,
                                        float *ap) {
  auto packB = [&](int k0) {
    for (int k = 0; k < KB; ++k)
      for (int j0 = 0; j0 < N; j0 += 32) {
        float *d = bw + (j0 / 32) * KB * 32 + k * 32;
        _mm512_store_ps(d, _mm512_loadu_ps(B + (k0 + k) * N + j0));
        _mm512_store_ps(d + 16, _mm512_loadu_ps(B + (k0 + k) * N + j0 + 16));
      }
  };
  auto block = [&](int i0, int k0) {
    if (PackA)
      for (int r0 = 0; r0 < BR; r0 += MR)
        for (int k = 0; k < KB; ++k)
          for (int r = 0; r < MR; ++r)
            ap[(r0 / MR) * KB * MR + k * MR + r] = A[(i0 + r0 + r) * K + k0 + k];
    for (int j0 = 0; j0 < N; j0 += 32) {
      const float *bp = bw + (j0 / 32) * KB * 32;
      rowTiles<PackA>(A, C, bp, ap, i0, k0, j0);
    }
  };
  if (Shared) {
    for (int k0 = 0; k0 < K; k0 += KB) {
      packB(k0);
      for (int i0 = 0; i0 < M; i0 += BR)
        block(i0, k0);
    }
  } else {
    for (int i0 = 0; i0 < M; i0 += BR)
      for (int k0 = 0; k0 < K; k0 += KB) {
        packB(k0);
        block(i0, k0);
      }
  }
}

/// The register tile's k loop alone, on an L1-resident A tile and panel.
__attribute__((noinline)) void kernelInL1(const float *a, const float *bp, float *c, int reps) {
  for (int rep = 0; rep < reps; ++rep) {
    __m512 acc[MR][2];
    for (int r = 0; r < MR; ++r)
      for (int v = 0; v < 2; ++v)
        acc[r][v] = _mm512_loadu_ps(c + r * 32 + v * 16);
    for (int k = 0; k < KB; ++k) {
      __m512 b0 = _mm512_load_ps(bp + k * 32), b1 = _mm512_load_ps(bp + k * 32 + 16);
      for (int r = 0; r < MR; ++r) {
        __m512 av = _mm512_set1_ps(a[r * KB + k]);
        acc[r][0] = _mm512_fmadd_ps(av, b0, acc[r][0]);
        acc[r][1] = _mm512_fmadd_ps(av, b1, acc[r][1]);
      }
    }
    for (int r = 0; r < MR; ++r)
      for (int v = 0; v < 2; ++v)
        _mm512_storeu_ps(c + r * 32 + v * 16, acc[r][v]);
  }
}

template <typename F> static double best(F run, double flops) {
  double t = 1e9;
  for (int it = 0; it < 20; ++it) {
    auto t0 = std::chrono::steady_clock::now();
    run();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t = s < t ? s : t;
  }
  return flops / t / 1e9;
}

int main() {
  auto alloc = [](size_t n) { return static_cast<float *>(aligned_alloc(64, 4 * n)); };
  float *A = alloc(size_t(M) * K), *B = alloc(size_t(K) * N), *C = alloc(size_t(M) * N),
        *bp = alloc(KB * 32), *ap = alloc(BR * KB), *bw = alloc(size_t(KB) * N);
  for (int i = 0; i < M * K; ++i)
    A[i] = (i % 7) * 0.01f;
  for (int i = 0; i < K * N; ++i)
    B[i] = (i % 5) * 0.01f;
  for (int i = 0; i < KB * 32; ++i)
    bp[i] = 0.01f;
  double flops = 2.0 * M * N * K;
  for (int round = 0; round < 3; ++round) {
    memset(C, 0, 4 * MR * 32);
    int reps = 20000;
    double inL1 = best([&] { kernelInL1(A, bp, C, reps); }, 2.0 * MR * 32 * KB * reps);
    auto whole = [&](auto run) {
      return best([&] { memset(C, 0, 4 * size_t(M) * N); run(); }, flops);
    };
    double meld = whole([&] { gemm<false, true>(A, B, C, bp, ap); });
    double packA = whole([&] { gemm<true, true>(A, B, C, bp, ap); });
    double noPackB = whole([&] { gemm<false, false>(A, B, C, bp, ap); });
    double both = whole([&] { gemm<true, false>(A, B, C, bp, ap); });
    double wide = whole([&] { gemmWide<false, false>(A, B, C, bw, ap); });
    double wideA = whole([&] { gemmWide<true, false>(A, B, C, bw, ap); });
    double blas = whole([&] { gemmWide<false, true>(A, B, C, bw, ap); });
    double blasA = whole([&] { gemmWide<true, true>(A, B, C, bw, ap); });
    printf("round %d: kernel in L1 %.1f, as Meld %.1f, A packed %.1f, B pre-packed %.1f, "
           "both %.1f, B block by rows %.1f (+A %.1f), B once per k block %.1f (+A %.1f) GFLOP/s\n",
           round, inL1, meld, packA, noPackB, both, wide, wideA, blas, blasA);
  }
}
