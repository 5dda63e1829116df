// A hand-written model of two host GEMM loop nests on Intel's AVX-512
// cores (f32, 6 x 64 register tiles: 24 accumulators, Meld's heuristic
// there), to tell whether a BLAS-order nest would beat Meld's on a CPU
// without hardware counters. One thread; run it pinned:
//
//   clang++-22 -O3 -march=native -std=c++17 bench/gemm/nest_model.cpp -o /tmp/nest_model
//   taskset -c 0 /tmp/nest_model
//
// Variants (GFLOP/s of 1008 x 1536 @ 1536 x 1024, best and median of 40
// interleaved runs; every variant's result is compared with the first's):
//   meld 252/128        Meld's nest: 252-row blocks, k blocks of 128, per
//                       64-column tile the 128 x 64 panel of B packed, then
//                       every row tile of the block walks it from L1 with A
//                       broadcast from its rows
//   blis kcK ncN        BLAS order: per k block of K, B's K x N block packed
//                       once panel-major for every row tile (L2), each row
//                       tile's 6 x K of A packed k-major (L1), then its 64-
//                       column tiles stream their panels from L2
//   +Cpf, +Bpf          the same with the next output tile prefetched, and
//                       the panel prefetched 16 steps of k ahead
// docs/performance.md has a run ("2026-11-30"). Tests never run this.
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>
constexpr int MR = 6, NR = 64;
#ifndef MM
#define MM 1008
#endif
constexpr int M = MM, N = 1024, K = 1536;
static float *A, *B, *C, *Cref;

// 6 x 64 micro-kernel: acc += a (6 x kc, packed k-major or rows `lda`
// apart) * bp (kc x 64, packed). PrefetchC: the next output tile `cnext`
// is prefetched first; PFD > 0: the panel, PFD steps of k ahead.
template <bool PackedA, bool PrefetchC, int PFD>
static inline void micro(const float *a, int lda, const float *bp, float *c,
                         const float *cnext, int kc) {
  __m512 acc[MR][4];
  for (int r = 0; r < MR; ++r)
    for (int v = 0; v < 4; ++v) acc[r][v] = _mm512_loadu_ps(c + r * N + 16 * v);
  if (PrefetchC)
    for (int r = 0; r < MR; ++r)
      for (int v = 0; v < 4; ++v)
        _mm_prefetch((const char *)(cnext + r * N + 16 * v), _MM_HINT_T0);
  for (int k = 0; k < kc; ++k) {
    if (PFD)
      for (int v = 0; v < 4; ++v)
        _mm_prefetch((const char *)(bp + (k + PFD) * NR + 16 * v), _MM_HINT_T0);
    __m512 b0 = _mm512_load_ps(bp + k * NR), b1 = _mm512_load_ps(bp + k * NR + 16),
           b2 = _mm512_load_ps(bp + k * NR + 32), b3 = _mm512_load_ps(bp + k * NR + 48);
    for (int r = 0; r < MR; ++r) {
      __m512 av = _mm512_set1_ps(PackedA ? a[k * MR + r] : a[r * lda + k]);
      acc[r][0] = _mm512_fmadd_ps(av, b0, acc[r][0]);
      acc[r][1] = _mm512_fmadd_ps(av, b1, acc[r][1]);
      acc[r][2] = _mm512_fmadd_ps(av, b2, acc[r][2]);
      acc[r][3] = _mm512_fmadd_ps(av, b3, acc[r][3]);
    }
  }
  for (int r = 0; r < MR; ++r)
    for (int v = 0; v < 4; ++v) _mm512_storeu_ps(c + r * N + 16 * v, acc[r][v]);
}

static float *bbuf, *abuf;
// Meld now: row blocks of BR rows; k blocks of KB; per col tile pack panel KBxNR; row tiles walk it.
static void meldNest(int BR, int KB) {
  for (int i0 = 0; i0 < M; i0 += BR)
    for (int k0 = 0; k0 < K; k0 += KB)
      for (int j0 = 0; j0 < N; j0 += NR) {
        for (int k = 0; k < KB; ++k) memcpy(bbuf + k * NR, B + (k0 + k) * N + j0, NR * 4);
        for (int r0 = i0; r0 < i0 + BR; r0 += MR)
          micro<false, false, 0>(A + r0 * K + k0, K, bbuf, C + r0 * N + j0, nullptr, KB);
      }
}
// BLIS order: k blocks KC; pack B (KC x NC) panel-major once per k block (per row block BR here);
// per row tile pack A (6 x KC) k-major; col panels from L2.
template <bool PrefetchC, int PFD>
static void blisNest(int BR, int KC, int NC) {
  for (int k0 = 0; k0 < K; k0 += KC)
   for (int j00 = 0; j00 < N; j00 += NC) {
    for (int j0 = j00; j0 < j00 + NC; j0 += NR)
      for (int k = 0; k < KC; ++k) memcpy(bbuf + (j0 - j00) * KC + k * NR, B + (k0 + k) * N + j0, NR * 4);
    for (int i0 = 0; i0 < M; i0 += BR)
      for (int r0 = i0; r0 < i0 + BR; r0 += MR) {
        for (int k = 0; k < KC; ++k)
          for (int r = 0; r < MR; ++r) abuf[k * MR + r] = A[(r0 + r) * K + k0 + k];
        for (int j0 = j00; j0 < j00 + NC; j0 += NR) {
          // The next tile: this row tile's next columns, else the next row tile's first.
          float *cn = j0 + NR < j00 + NC ? C + r0 * N + j0 + NR : (r0 + MR < M ? C + (r0 + MR) * N + j00 : C + r0 * N + j0);
          micro<true, PrefetchC, PFD>(abuf, 0, bbuf + (j0 - j00) * KC, C + r0 * N + j0, cn, KC);
        }
      }
   }
}
int main(int argc, char **argv) {
  A = (float *)aligned_alloc(64, sizeof(float) * M * K);
  B = (float *)aligned_alloc(64, sizeof(float) * K * N);
  C = (float *)aligned_alloc(64, sizeof(float) * M * N);
  Cref = (float *)aligned_alloc(64, sizeof(float) * M * N);
  bbuf = (float *)aligned_alloc(64, sizeof(float) * K * N);
  abuf = (float *)aligned_alloc(64, sizeof(float) * MR * K);
  for (int i = 0; i < M * K; ++i) A[i] = (rand() % 7) - 3;
  for (int i = 0; i < K * N; ++i) B[i] = (rand() % 5) - 2;
  struct V { const char *name; int kind, br, kb, nc; std::vector<double> t; } vs[] = {
      {"meld 252/128", 0, 252, 128, 0}, {"blis kc256 nc1024", 1, 252, 256, 1024},
      {"blis kc384 nc512", 1, 252, 384, 512}, {"blis+Cpf kc256 nc1024", 2, 252, 256, 1024},
      {"blis+Cpf kc384 nc512", 2, 252, 384, 512}, {"blis+Cpf+Bpf kc256 nc1024", 3, 252, 256, 1024},
      {"blis+Cpf+Bpf kc384 nc512", 3, 252, 384, 512}};
  for (int rep = 0; rep < 40; ++rep)
    for (auto &v : vs) {
      memset(C, 0, sizeof(float) * M * N);
      auto t0 = std::chrono::steady_clock::now();
      if (v.kind == 0) meldNest(v.br, v.kb); else if (v.kind == 1) blisNest<false, 0>(v.br, v.kb, v.nc); else if (v.kind == 2) blisNest<true, 0>(v.br, v.kb, v.nc); else blisNest<true, 16>(v.br, v.kb, v.nc);
      v.t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      if (rep == 0 && v.kind == 0) memcpy(Cref, C, sizeof(float) * M * N);
      if (memcmp(C, Cref, sizeof(float) * M * N)) printf("WRONG %s\n", v.name);
    }
  for (auto &v : vs) {
    std::sort(v.t.begin(), v.t.end());
    printf("%-26s best %6.1f median %6.1f GFLOP/s\n", v.name, 2.0 * M * N * K / v.t[0] / 1e9, 2.0 * M * N * K / v.t[v.t.size() / 2] / 1e9);
  }
}
