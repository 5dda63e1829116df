// cond_while_sync.cu - is compute-sanitizer synccheck's "Barrier error detected.
// Divergent thread(s) in warp" a false positive for kernels that run in the body
// of a CUDA graph conditional (WHILE / IF) node?
//
// The kernel under test: every thread stores to shared memory, then
// `if (threadIdx.x < 32) { warp-level work writing shared memory }` (a branch the
// whole block reconverges from: BSSY ... BSYNC in SASS), then __syncthreads() (the
// BAR.SYNC.DEFER_BLOCKING right after that BSYNC, the shape synccheck flagged in
// Meld's kernel), then every thread reads shared memory and writes out.
// The same kernel runs eagerly and in conditional-node bodies; a control kernel
// has a barrier with no branch before it. Each variant checks its results
// against a host reference and prints PASS/FAIL; any FAIL or CUDA error: exit 1.
//
// Build: nvcc -O2 -arch=sm_90 -cudart static -o cond_while_sync cond_while_sync.cu
// Run:   ./cond_while_sync [VARIANT]   (VARIANT: run only the variant of that name)
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include <vector>

constexpr int BLOCK = 256, GRID = 4, NE = BLOCK * GRID;
constexpr unsigned N = 5;  // loop trip count
enum { kDivergent = 0, kControl = 1 };

#define CK(call)                                                              \
  do {                                                                        \
    cudaError_t e_ = (call);                                                  \
    if (e_ != cudaSuccess) {                                                  \
      std::printf("  CUDA ERROR %s:%d: %s -> %s: %s\n", __FILE__, __LINE__,  \
                  #call, cudaGetErrorName(e_), cudaGetErrorString(e_));       \
      return false;                                                           \
    }                                                                         \
  } while (0)

// Pdl: wait for the grid before it (griddepcontrol.wait), as Meld's sm_90 kernels do.
template <int Mode, bool Pdl>
__global__ void __launch_bounds__(BLOCK) body(const int *in, int *out, unsigned *calls) {
  __shared__ int s[BLOCK];
  if (Pdl) cudaGridDependencySynchronize();
  int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
  s[t] = in[i];
  if (Mode == kDivergent) {
    if (t < 32) {  // warp 0 only: prefix sums of warp 0's inputs (a per-lane trip count),
      int r = 0;   // into warp 0's own shared entries; SASS: BSSY ... BSYNC, then BAR.SYNC
      for (int k = 0; k <= t; ++k) r += in[blockIdx.x * BLOCK + k];
      s[t] = r;
    }
    __syncthreads();  // reached by every thread of the block
    out[i] += s[t] + s[t & 31];
  } else {
    __syncthreads();  // control: no divergence before the barrier
    out[i] += s[t] + s[(t + 1) % BLOCK];
  }
  if (t == 0) atomicAdd(calls, 1u);
}

// Upstream of a programmatic dependency: copies in to tmp.
__global__ void prologue(const int *in, int *tmp) {
  cudaTriggerProgrammaticLaunchCompletion();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tmp[i] = in[i];
}

// 1 thread: *iter += inc; if set, condition = (*iter < n) (like Meld's condition setter).
__global__ void iter_kernel(cudaGraphConditionalHandle h, unsigned *iter, unsigned n,
                            int inc, int set) {
  unsigned k = *iter + inc;
  *iter = k;
  if (set) cudaGraphSetConditional(h, k < n ? 1u : 0u);
}

struct Buf { int *in, *out, *tmp; unsigned *calls, *iter; };
static Buf B;
static std::vector<int> hin(NE);

static std::vector<int> reference(int mode, int times) {
  std::vector<int> r(NE);
  for (int b = 0; b < GRID; ++b) {
    const int *x = &hin[b * BLOCK];
    int p[32];
    for (int t = 0, w = 0; t < 32; ++t) p[t] = w += x[t];
    for (int t = 0; t < BLOCK; ++t)
      r[b * BLOCK + t] = times * (mode == kDivergent ? (t < 32 ? p[t] : x[t]) + p[t & 31]
                                                     : x[t] + x[(t + 1) % BLOCK]);
  }
  return r;
}

static bool reset() {
  CK(cudaMemset(B.out, 0, NE * sizeof(int)));
  CK(cudaMemset(B.tmp, 0, NE * sizeof(int)));
  CK(cudaMemset(B.calls, 0, sizeof(unsigned)));
  CK(cudaMemset(B.iter, 0, sizeof(unsigned)));
  return cudaDeviceSynchronize() == cudaSuccess;
}

// Compares out, calls (blocks run) and iter (loop iterations) with what was expected.
static bool check(int mode, int times, unsigned iters) {
  std::vector<int> out(NE);
  unsigned calls = 0, iter = 0;
  CK(cudaMemcpy(out.data(), B.out, NE * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&calls, B.calls, sizeof calls, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&iter, B.iter, sizeof iter, cudaMemcpyDeviceToHost));
  std::vector<int> ref = reference(mode, times);
  int bad = 0, first = -1;
  for (int i = 0; i < NE; ++i)
    if (out[i] != ref[i] && bad++ == 0) first = i;
  std::printf("  blocks run %u (want %u), iterations %u (want %u), %d of %d outputs wrong",
              calls, times * GRID, iter, iters, bad, NE);
  if (first >= 0) std::printf(" (out[%d] = %d, want %d)", first, out[first], ref[first]);
  std::printf("\n");
  return bad == 0 && calls == unsigned(times * GRID) && iter == iters;
}

static void *bodyFn(int mode, bool pdl) {
  if (mode == kDivergent) return pdl ? (void *)body<kDivergent, true> : (void *)body<kDivergent, false>;
  return pdl ? (void *)body<kControl, true> : (void *)body<kControl, false>;
}

static bool addKernel(cudaGraphNode_t *node, cudaGraph_t g, cudaGraphNode_t dep,
                      const cudaGraphEdgeData *edge, void *fn, int grid, int block, void **args) {
  cudaGraphNodeParams p = {};  // all reserved fields zero
  p.type = cudaGraphNodeTypeKernel;
  p.kernel.func = fn;
  p.kernel.gridDim = dim3(grid);
  p.kernel.blockDim = dim3(block);
  p.kernel.kernelParams = args;
  CK(cudaGraphAddNode(node, g, dep ? &dep : nullptr, dep ? edge : nullptr, dep ? 1 : 0, &p));
  return true;
}

// EAGER: the kernel launched N times on a stream; pdl: prologue, then the kernel with
// cudaLaunchKernelEx + programmatic stream serialization (what Meld does eagerly on sm_90).
static bool runEager(int mode, bool pdl, cudaStream_t s) {
  if (!reset()) return false;
  for (unsigned k = 0; k < N; ++k) {
    if (!pdl) {
      if (mode == kDivergent) body<kDivergent, false><<<GRID, BLOCK, 0, s>>>(B.in, B.out, B.calls);
      else body<kControl, false><<<GRID, BLOCK, 0, s>>>(B.in, B.out, B.calls);
      CK(cudaGetLastError());
      continue;
    }
    prologue<<<GRID, BLOCK, 0, s>>>(B.in, B.tmp);
    CK(cudaGetLastError());
    cudaLaunchAttribute at = {};
    at.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    at.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(GRID); cfg.blockDim = dim3(BLOCK); cfg.stream = s;
    cfg.attrs = &at; cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, body<kDivergent, true>, (const int *)B.tmp, B.out, B.calls));
  }
  CK(cudaStreamSynchronize(s));
  return check(mode, N, 0);
}

enum BodyStyle { kPlain, kPdlEdge, kPdlCapture };

// A conditional node whose body is [kernel] -> [iter_kernel], or with a programmatic
// dependency: [prologue] =programmatic=> [kernel (waits)] -> [iter_kernel], the edge either
// added explicitly (kPdlEdge) or made by stream capture of cudaLaunchKernelEx with
// programmatic stream serialization into the body graph (kPdlCapture, as Meld does).
// meldStyle: the handle has default 0 and no flags, and a 1-thread kernel node in front
// of the conditional node sets it (Meld's structure); otherwise default 1 + AssignDefault.
static bool runCond(cudaGraphConditionalNodeType type, int mode, BodyStyle style,
                    bool meldStyle, cudaStream_t s) {
  if (!reset()) return false;
  bool isWhile = type == cudaGraphCondTypeWhile;
  cudaGraph_t g, bodyG;
  CK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h;
  if (meldStyle) CK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
  else CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
  unsigned n = N;
  int zero = 0, one = 1, setInBody = isWhile ? 1 : 0;
  cudaGraphNode_t setter = nullptr, cond, kn, pn, itn;
  if (meldStyle) {  // sets the condition from *iter (0 < N) without counting
    void *a[] = {&h, &B.iter, &n, &zero, &one};
    if (!addKernel(&setter, g, nullptr, nullptr, (void *)iter_kernel, 1, 1, a)) return false;
  }
  cudaGraphNodeParams cp = {};
  cp.type = cudaGraphNodeTypeConditional;
  cp.conditional.handle = h;
  cp.conditional.type = type;
  cp.conditional.size = 1;
  CK(cudaGraphAddNode(&cond, g, setter ? &setter : nullptr, nullptr, setter ? 1 : 0, &cp));
  bodyG = cp.conditional.phGraph_out[0];

  bool pdl = style != kPlain;
  const int *src = pdl ? B.tmp : B.in;
  void *ka[] = {&src, &B.out, &B.calls};
  void *ia[] = {&h, &B.iter, &n, &one, &setInBody};
  if (style != kPdlCapture) {
    cudaGraphNode_t dep = nullptr;
    cudaGraphEdgeData e = {};
    if (pdl) {
      void *pa[] = {&B.in, &B.tmp};
      if (!addKernel(&pn, bodyG, nullptr, nullptr, (void *)prologue, GRID, BLOCK, pa)) return false;
      dep = pn;
      e.from_port = cudaGraphKernelNodePortProgrammatic;
      e.type = cudaGraphDependencyTypeProgrammatic;
    }
    if (!addKernel(&kn, bodyG, dep, &e, bodyFn(mode, pdl), GRID, BLOCK, ka)) return false;
    cudaGraphEdgeData d = {};
    if (!addKernel(&itn, bodyG, kn, &d, (void *)iter_kernel, 1, 1, ia)) return false;
  } else {
    cudaStream_t cs;
    CK(cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking));
    CK(cudaStreamBeginCaptureToGraph(cs, bodyG, nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
    prologue<<<GRID, BLOCK, 0, cs>>>(B.in, B.tmp);
    CK(cudaGetLastError());
    cudaLaunchAttribute at = {};
    at.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    at.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(GRID); cfg.blockDim = dim3(BLOCK); cfg.stream = cs;
    cfg.attrs = &at; cfg.numAttrs = 1;
    CK(cudaLaunchKernelExC(&cfg, bodyFn(mode, true), ka));
    iter_kernel<<<1, 1, 0, cs>>>(h, B.iter, N, 1, setInBody);
    CK(cudaGetLastError());
    cudaGraph_t captured;
    CK(cudaStreamEndCapture(cs, &captured));
    CK(cudaStreamDestroy(cs));
  }
  cudaGraphExec_t ex;
  CK(cudaGraphInstantiate(&ex, g, 0));
  CK(cudaGraphLaunch(ex, s));
  CK(cudaStreamSynchronize(s));
  CK(cudaGraphExecDestroy(ex));
  CK(cudaGraphDestroy(g));
  return check(mode, isWhile ? N : 1, isWhile ? N : 1);
}

struct Variant { const char *name, *what; int kind; int mode; BodyStyle style; bool meld; };
static const Variant kVariants[] = {
  {"EAGER", "divergent kernel, <<<>>> N times", 0, kDivergent, kPlain, false},
  {"EAGER-CONTROL", "control kernel, <<<>>> N times", 0, kControl, kPlain, false},
  {"EAGER-PDL", "prologue + divergent kernel by cudaLaunchKernelEx(PSS), N times", 1, kDivergent, kPlain, false},
  {"WHILE-GRAPH", "divergent kernel in a WHILE body", 2, kDivergent, kPlain, false},
  {"IF-GRAPH", "divergent kernel in an IF body (once)", 3, kDivergent, kPlain, false},
  {"WHILE-CONTROL", "control kernel in a WHILE body", 2, kControl, kPlain, false},
  {"WHILE-PDL-EDGE", "WHILE body prologue =programmatic edge=> divergent kernel", 2, kDivergent, kPdlEdge, false},
  {"WHILE-PDL-CAPTURE", "WHILE body captured: prologue, cudaLaunchKernelEx(PSS) divergent kernel", 2, kDivergent, kPdlCapture, false},
  {"WHILE-MELD-STYLE", "handle default 0, setter kernel before the WHILE node", 2, kDivergent, kPlain, true},
};

int main(int argc, char **argv) {
  int rtv = 0, drv = 0;
  cudaRuntimeGetVersion(&rtv);
  cudaDriverGetVersion(&drv);
  std::printf("cond_while_sync: runtime %d, driver %d\n", rtv, drv);
  int dev = 0;
  cudaDeviceProp prop;
  cudaError_t e = cudaGetDeviceProperties(&prop, dev);
  if (e == cudaSuccess) e = cudaSetDevice(dev);
  if (e != cudaSuccess) {
    std::printf("no usable CUDA device: %s: %s\n", cudaGetErrorName(e), cudaGetErrorString(e));
    return 2;
  }
  std::printf("device %d: %s, sm_%d%d\n", dev, prop.name, prop.major, prop.minor);
  for (int i = 0; i < NE; ++i) hin[i] = (i * 7919) % 201 - 100;
  cudaStream_t s;
  bool ok = cudaMalloc(&B.in, NE * sizeof(int)) == cudaSuccess &&
            cudaMalloc(&B.out, NE * sizeof(int)) == cudaSuccess &&
            cudaMalloc(&B.tmp, NE * sizeof(int)) == cudaSuccess &&
            cudaMalloc(&B.calls, sizeof(unsigned)) == cudaSuccess &&
            cudaMalloc(&B.iter, sizeof(unsigned)) == cudaSuccess &&
            cudaMemcpy(B.in, hin.data(), NE * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess &&
            cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess;
  if (!ok) {
    std::printf("setup failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 2;
  }
  int pass = 0, fail = 0;
  for (const Variant &v : kVariants) {
    if (argc > 1 && std::strcmp(argv[1], v.name) != 0) continue;
    std::printf("[%s] %s\n", v.name, v.what);
    bool r = v.kind <= 1 ? runEager(v.mode, v.kind == 1, s)
                         : runCond(v.kind == 2 ? cudaGraphCondTypeWhile : cudaGraphCondTypeIf,
                                   v.mode, v.style, v.meld, s);
    cudaGetLastError();  // clear a non-sticky error so the next variant starts clean
    std::printf("[%s] %s\n", v.name, r ? "PASS" : "FAIL");
    (r ? pass : fail)++;
  }
  if (pass + fail == 0) {
    std::printf("no variant named %s\n", argv[1]);
    return 2;
  }
  std::printf("%d passed, %d failed\n", pass, fail);
  return fail ? 1 : 0;
}
