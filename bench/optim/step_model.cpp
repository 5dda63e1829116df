// A hand-written model of an optimizer step's memory traffic (f32,
// AVX-512, two threads splitting one flat array), to tell what limits
// Meld's Adagrad and SGD steps on a CPU without hardware counters (these
// VMs expose none to perf): the division (vdivps) or the five streams of
// the step. Variants, each the median of 30 runs over NE elements (the
// 200-parameter benchmark's 3.83 M), timed in one process:
//
//   adagrad div    p += -lr g / (sqrt(s + g g) + eps), s += g g, as Meld's
//                  kernel computes it (vsqrtps, vdivps)
//   adagrad rcp    the same with the division as vrcp14ps and one
//                  Newton step (what a fast-math division would be)
//   sgd            buf = m buf + g, p -= lr buf (three streams in, two out)
//   copy           the step's bytes (20 per element) as one copy of 10
//                  bytes per element into a separate, already touched
//                  buffer, as torch's copy_ makes it: the benchmark's "% of
//                  copy" baseline
//
//   clang++-22 -O3 -march=native -std=c++17 -pthread bench/optim/step_model.cpp -o /tmp/step_model
//   /tmp/step_model
//
// docs/optimizers.md has a run. Tests never run this.
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

constexpr long NE = 3830000 / 16 * 16;
static float *p, *g, *s, *src, *dst;

template <bool Rcp>
static void adagrad(long lo, long hi) {
  __m512 nlr = _mm512_set1_ps(-0.01f), eps = _mm512_set1_ps(1e-10f);
  for (long i = lo; i < hi; i += 16) {
    __m512 gv = _mm512_loadu_ps(g + i);
    __m512 sv = _mm512_fmadd_ps(gv, gv, _mm512_loadu_ps(s + i));
    __m512 d = _mm512_add_ps(_mm512_sqrt_ps(sv), eps);
    __m512 num = _mm512_mul_ps(nlr, gv), q;
    if (Rcp) {
      __m512 r = _mm512_rcp14_ps(d);
      __m512 q0 = _mm512_mul_ps(num, r);
      q = _mm512_fmadd_ps(r, _mm512_fnmadd_ps(q0, d, num), q0);
    } else {
      q = _mm512_div_ps(num, d);
    }
    _mm512_storeu_ps(s + i, sv);
    _mm512_storeu_ps(p + i, _mm512_add_ps(_mm512_loadu_ps(p + i), q));
  }
}

static void sgd(long lo, long hi) {
  __m512 m = _mm512_set1_ps(0.9f), nlr = _mm512_set1_ps(-0.01f);
  for (long i = lo; i < hi; i += 16) {
    __m512 b = _mm512_fmadd_ps(m, _mm512_loadu_ps(s + i), _mm512_loadu_ps(g + i));
    _mm512_storeu_ps(s + i, b);
    _mm512_storeu_ps(p + i, _mm512_fmadd_ps(nlr, b, _mm512_loadu_ps(p + i)));
  }
}

// 20 bytes per element as one copy of 10 bytes per element, as torch's
// copy_ makes it: memcpy over chunks of 32 K elements, each under glibc's
// threshold for non-temporal stores (one memcpy of the whole range streams
// past the cache: 1.6 ms here against 0.8), so it runs as `rep movsb`,
// which also saves reading the destination's lines before writing them.
static void copy(long lo, long hi) {
  constexpr long chunk = 32768;
  for (long i = lo * 5 / 2; i < hi * 5 / 2; i += chunk)
    std::memcpy(dst + i, src + i, std::min(chunk, hi * 5 / 2 - i) * 4);
}

template <class F>
static double medianSeconds(F f) {
  std::vector<double> times;
  for (int rep = 0; rep < 30; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    std::thread other([&] { f(NE / 32 * 16, NE); });
    f(0, NE / 32 * 16);
    other.join();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

int main() {
  auto buffer = [](long n) {
    auto *b = static_cast<float *>(std::aligned_alloc(64, n * 4));
    for (long i = 0; i < n; ++i)
      b[i] = 0.01f * static_cast<float>(i % 13);
    return b;
  };
  p = buffer(NE), g = buffer(NE), s = buffer(NE);
  src = buffer(NE * 5 / 2), dst = buffer(NE * 5 / 2);
  double mb = NE * 20 / 1e6;
  for (int round = 0; round < 3; ++round) {
    double div = medianSeconds(adagrad<false>), rcp = medianSeconds(adagrad<true>);
    double sg = medianSeconds(sgd), cp = medianSeconds(copy);
    std::printf("%.1f MB: adagrad div %.3f ms, adagrad rcp %.3f ms, sgd %.3f ms, "
                "copy %.3f ms (adagrad %.0f%%, sgd %.0f%% of the copy)\n",
                mb, div * 1e3, rcp * 1e3, sg * 1e3, cp * 1e3, 100 * cp / div,
                100 * cp / sg);
  }
}
