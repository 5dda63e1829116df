//===- HostBackend.cpp - The host CPU as a Meld device
//---------------------===//
//
// One device, the host. Memory is 64-byte-aligned host memory. Modules are
// the bundle's host objects, JITted with ORC. Streams execute in order and
// synchronously on the calling thread (a kernel's row blocks run on it and
// on the device's worker threads), so events complete when recorded. Capture
// records tasks instead of running them; a graph is that task tree, replayed
// without re-planning: kernel arguments are prepacked, conditional tasks read
// their one-byte predicate at replay time.
//
//===----------------------------------------------------------------------===//

#include "KernelStatus.h"
#include "meld/Runtime/Backend.h"
#include "meld/Support/HostThreads.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__linux__) && defined(__x86_64__)
#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace meld::runtime;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;

namespace {

constexpr size_t kAlignment = 64;
/// A WHILE task looping longer than this fails instead of hanging.
constexpr int64_t kMaxWhileIterations = int64_t(1) << 30;

/// A host kernel's entry point (docs/bundle-format.md, host kernel ABI):
/// returns 0, or the code of a runtime check that failed.
using KernelEntry = int32_t (*)(void **args, int64_t blockBegin,
                                int64_t blockEnd);

class HostKernel : public Kernel {
public:
  HostKernel(KernelEntry entry, StringRef symbol) : entry(entry) {
    symbol.consume_front("meld_kernel_");
    name = symbol.str();
  }
  KernelEntry entry;
  /// The bundle's kernel name (the symbol without `meld_kernel_`).
  std::string name;
};

class HostModule : public Module {
public:
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::mutex mutex;
  llvm::StringMap<std::unique_ptr<HostKernel>> kernels;

  Expected<Kernel *> getKernel(StringRef symbol) override {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = kernels.find(symbol);
    if (it != kernels.end())
      return it->second.get();
    Expected<llvm::orc::ExecutorAddr> addr = jit->lookup(symbol);
    if (!addr) {
      llvm::consumeError(addr.takeError());
      return makeStatusError(MELD_ERROR_NOT_FOUND,
                             "the host code has no kernel '" + symbol + "'");
    }
    auto k = std::make_unique<HostKernel>(addr->toPtr<KernelEntry>(), symbol);
    Kernel *raw = k.get();
    kernels[symbol] = std::move(k);
    return raw;
  }
};

class HostEvent : public Event {
public:
  Error synchronize() override { return Error::success(); }
  Expected<bool> query() override { return true; }
};

/// compiler-rt's f32 -> bf16 truncation, rounded to nearest even (a NaN
/// stays a quiet NaN of its sign). LLVM calls it where the CPU has no
/// bf16 conversion instruction (no AVX512-BF16 or AVX-NE-CONVERT: an AVX2
/// host), for bf16 values it widens to f32 and narrows back (the vectors of
/// bf16 that masked loads and shuffles move); a process linked with
/// libgcc older than GCC 13 has none, and a kernel using it would not load.
/// Returned as the bf16's bits in the low 16 bits of a float: the x86-64
/// ABI returns a bf16 in the low 16 bits of xmm0, where a float goes too,
/// and GCC 12 (scripts/build-gcc.sh) has no __bf16 type.
float truncF32ToBf16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint32_t half;
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    half = (bits >> 16) | 0x40u;
  else
    half = (bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16;
  float result;
  std::memcpy(&result, &half, sizeof(result));
  return result;
}

/// Defines in `jit` the compiler-rt routines that LLVM may call from host
/// kernels and that a process cannot count on having: ours take precedence
/// over the process's (the JITDylib's own definitions come before its
/// generators).
Error defineBuiltins(llvm::orc::LLJIT &jit) {
  llvm::orc::SymbolMap builtins;
  builtins[jit.mangleAndIntern("__truncsfbf2")] = {
      llvm::orc::ExecutorAddr::fromPtr(&truncF32ToBf16),
      llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  return jit.getMainJITDylib().define(
      llvm::orc::absoluteSymbols(std::move(builtins)));
}

/// With MELD_PERF_MAP=1, appends the module's functions to
/// /tmp/perf-<pid>.map, the symbol map that `perf report` reads for JITted
/// code, so a profile names each kernel (docs/runtime.md, "Profiling host
/// kernels"). Each name carries the module's number, the order in which
/// this process loaded it (`main_kernel_20 [module 2]`), since every
/// executable names its kernels alike.
/// Returns nothing: a map that cannot be written only costs names.
void writePerfMap(llvm::orc::LLJIT &jit, StringRef object, int module) {
  const char *env = std::getenv("MELD_PERF_MAP");
  if (!env || StringRef(env) != "1")
    return;
  Expected<std::unique_ptr<llvm::object::ObjectFile>> file =
      llvm::object::ObjectFile::createObjectFile(
          llvm::MemoryBufferRef(object, "meld-host-kernels"));
  if (!file) {
    llvm::consumeError(file.takeError());
    return;
  }
  static std::mutex mapMutex;
  std::lock_guard<std::mutex> lock(mapMutex);
  std::error_code ec;
  llvm::raw_fd_ostream os(
      ("/tmp/perf-" + Twine(llvm::sys::Process::getProcessId()) + ".map")
          .str(),
      ec, llvm::sys::fs::OF_Append);
  if (ec)
    return;
  for (llvm::object::ELFSymbolRef symbol :
       llvm::cast<llvm::object::ELFObjectFileBase>(file->get())->symbols()) {
    Expected<llvm::object::SymbolRef::Type> type = symbol.getType();
    Expected<StringRef> name = symbol.getName();
    if (!type || !name || *type != llvm::object::SymbolRef::ST_Function ||
        !symbol.getSize()) {
      if (!type)
        llvm::consumeError(type.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
      continue;
    }
    Expected<llvm::orc::ExecutorAddr> addr = jit.lookup(*name);
    if (!addr) {
      llvm::consumeError(addr.takeError());
      continue;
    }
    os << llvm::format_hex_no_prefix(addr->getValue(), 1) << ' '
       << llvm::format_hex_no_prefix(symbol.getSize(), 1) << ' ' << *name
       << " [module " << module << "]\n";
  }
}

//===----------------------------------------------------------------------===//
// Tasks: what a stream runs, and what a graph holds
//===----------------------------------------------------------------------===//

struct Task;
using TaskList = std::vector<std::unique_ptr<Task>>;

struct Task {
  enum Kind { Launch, Copy, If, While } kind;
  // Launch: the kernel, packed memref descriptors and the argument array.
  const HostKernel *kernel = nullptr;
  int64_t blocks = 0;
  std::vector<int64_t> descriptors;
  std::vector<int64_t> indices;
  std::vector<void *> argv;
  // Copy.
  void *dst = nullptr;
  const void *src = nullptr;
  size_t bytes = 0;
  // If / While: a one-byte predicate; If runs `first` or `second`, While
  // runs `first` while the predicate holds.
  const uint8_t *predicate = nullptr;
  TaskList first, second;

  explicit Task(Kind kind) : kind(kind) {}

  void setArgs(const HostKernel &k, int64_t b, llvm::ArrayRef<KernelArg> args) {
    kernel = &k;
    blocks = b;
    descriptors.clear();
    indices.clear();
    argv.clear();
    // Every descriptor in one array (one allocation per launch, not one per
    // argument: a step over 200 parameters has 600), sized first so that
    // argv's pointers into it stay valid.
    size_t words = 0, scalars = 0;
    for (const KernelArg &a : args) {
      if (a.isIndex)
        ++scalars;
      else
        words += 3 + 2 * a.shape.size();
    }
    descriptors.resize(words);
    indices.reserve(scalars);
    argv.reserve(args.size());
    size_t next = 0;
    for (const KernelArg &a : args) {
      if (a.isIndex) {
        indices.push_back(a.index);
        argv.push_back(&indices.back());
        continue;
      }
      a.writeDescriptor(&descriptors[next]);
      argv.push_back(&descriptors[next]);
      next += 3 + 2 * a.shape.size();
    }
  }

  std::unique_ptr<Task> clone(llvm::DenseMap<const Task *, Task *> &map) const {
    auto t = std::make_unique<Task>(kind);
    t->kernel = kernel;
    t->blocks = blocks;
    t->descriptors = descriptors;
    t->indices = indices;
    t->dst = dst;
    t->src = src;
    t->bytes = bytes;
    t->predicate = predicate;
    // Re-point argv into the copies.
    for (void *p : argv) {
      auto *word = static_cast<int64_t *>(p);
      bool isIndex = word >= indices.data() &&
                     word < indices.data() + indices.size();
      t->argv.push_back(isIndex
                            ? &t->indices[word - indices.data()]
                            : t->descriptors.data() + (word - descriptors.data()));
    }
    for (const auto &c : first)
      t->first.push_back(c->clone(map));
    for (const auto &c : second)
      t->second.push_back(c->clone(map));
    map[this] = t.get();
    return t;
  }
};

class HostDevice;

/// Runs one task now.
Error runTask(HostDevice &device, const Task &task);
Error runTasks(HostDevice &device, const TaskList &tasks) {
  for (const auto &t : tasks)
    if (Error e = runTask(device, *t))
      return e;
  return Error::success();
}

class HostGraphExec : public GraphExec {
public:
  HostGraphExec(HostDevice &device, const TaskList &tasks) : device(device) {
    for (const auto &t : tasks)
      this->tasks.push_back(t->clone(map));
  }
  Error launch(Stream &stream) override;
  Error updateKernel(NodeId node, Kernel &kernel, const LaunchConfig &config,
                     llvm::ArrayRef<KernelArg> args) override {
    Expected<Task *> t = lookup(node, Task::Launch);
    if (!t)
      return t.takeError();
    std::lock_guard<std::mutex> lock(mutex);
    (*t)->setArgs(static_cast<HostKernel &>(kernel), config.hostBlocks, args);
    return Error::success();
  }
  Error updateCopy(NodeId node, void *dst, const void *src,
                   size_t bytes) override {
    Expected<Task *> t = lookup(node, Task::Copy);
    if (!t)
      return t.takeError();
    std::lock_guard<std::mutex> lock(mutex);
    (*t)->dst = dst;
    (*t)->src = src;
    (*t)->bytes = bytes;
    return Error::success();
  }

private:
  Expected<Task *> lookup(NodeId node, Task::Kind kind) {
    auto it = map.find(static_cast<const Task *>(node));
    if (it == map.end() || it->second->kind != kind)
      return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                             "the node is not a node of this graph");
    return it->second;
  }
  HostDevice &device;
  std::mutex mutex;
  TaskList tasks;
  llvm::DenseMap<const Task *, Task *> map;
};

class HostGraph : public Graph {
public:
  HostGraph(HostDevice &device, TaskList tasks)
      : device(device), tasks(std::move(tasks)) {}
  Expected<std::unique_ptr<GraphExec>> instantiate() override {
    return std::make_unique<HostGraphExec>(device, tasks);
  }

private:
  HostDevice &device;
  TaskList tasks;
};

class HostStream : public Stream {
public:
  explicit HostStream(HostDevice &device) : device(device) {}

  Error launch(Kernel &kernel, const LaunchConfig &config,
               llvm::ArrayRef<KernelArg> args, NodeId *node) override {
    auto task = std::make_unique<Task>(Task::Launch);
    task->setArgs(static_cast<HostKernel &>(kernel), config.hostBlocks, args);
    return submit(std::move(task), node);
  }
  Error copy(void *dst, const void *src, size_t bytes, NodeId *node) override {
    auto task = std::make_unique<Task>(Task::Copy);
    task->dst = dst;
    task->src = src;
    task->bytes = bytes;
    return submit(std::move(task), node);
  }
  Error synchronize() override {
    if (isCapturing())
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "cannot synchronize a stream while it captures");
    return Error::success();
  }
  Error record(Event &) override { return Error::success(); }
  Error wait(Event &) override { return Error::success(); }

  Error beginCapture() override {
    if (isCapturing())
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "the stream is already capturing (nested "
                             "captures are not supported)");
    captures.emplace_back();
    target = &captures.back();
    return Error::success();
  }
  Expected<std::unique_ptr<Graph>> endCapture() override {
    if (captures.size() != 1)
      return makeStatusError(MELD_ERROR_CAPTURE,
                             captures.empty()
                                 ? "end of capture without a matching begin"
                                 : "end of capture inside a conditional body");
    TaskList tasks = std::move(captures.back());
    captures.clear();
    target = nullptr;
    return std::make_unique<HostGraph>(device, std::move(tasks));
  }
  bool isCapturing() const override { return !captures.empty(); }

  Error captureIf(const void *predicate, CaptureBody thenBody,
                  CaptureBody elseBody) override {
    auto task = std::make_unique<Task>(Task::If);
    task->predicate = static_cast<const uint8_t *>(predicate);
    if (Error e = captureInto(task->first, thenBody))
      return e;
    if (Error e = captureInto(task->second, elseBody))
      return e;
    return submit(std::move(task), nullptr);
  }
  Error captureWhile(const void *predicate, CaptureBody body) override {
    auto task = std::make_unique<Task>(Task::While);
    task->predicate = static_cast<const uint8_t *>(predicate);
    if (Error e = captureInto(task->first, body))
      return e;
    return submit(std::move(task), nullptr);
  }

private:
  Error submit(std::unique_ptr<Task> task, NodeId *node) {
    if (node)
      *node = isCapturing() ? task.get() : nullptr;
    if (!isCapturing())
      return runTask(device, *task);
    target->push_back(std::move(task));
    return Error::success();
  }
  Error captureInto(TaskList &list, CaptureBody body) {
    if (!isCapturing())
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "conditional nodes exist only in captures");
    TaskList *outer = target;
    target = &list;
    Error e = body(*this);
    target = outer;
    return e;
  }

  HostDevice &device;
  /// The capture in progress (one entry) and where tasks go now (the top
  /// list or a conditional body).
  std::vector<TaskList> captures;
  TaskList *target = nullptr;
};

/// One launch's blocks, split into one contiguous home range per thread
/// (the launching thread's first, then each joining worker's). A thread
/// takes chunks of its home range, then of the others' (guided: each take
/// is half of what a range has left, at least one block). Block b of a
/// launch thus runs on the same thread in every launch of that many
/// threads whenever all of them join, so that the next kernel finds its
/// rows in that core's cache: with one shared queue, 100 dependent kernels
/// of 65,536 floats ran slower on two threads than on one (the order in
/// which threads arrived decided which core a block's rows were in).
struct BlockQueue {
  BlockQueue(KernelEntry entry, void **argv, int64_t blocks, int64_t threads)
      : entry(entry), argv(argv), ranges(threads) {
    for (int64_t t = 0; t < threads; ++t) {
      ranges[t].next.store(blocks * t / threads);
      ranges[t].end = blocks * (t + 1) / threads;
    }
  }

  /// Runs chunks until no block is left, starting with range `home`.
  void drain(size_t home) {
    for (size_t i = 0; i < ranges.size(); ++i) {
      Range &range = ranges[(home + i) % ranges.size()];
      int64_t begin = range.next.load(), end;
      while (true) {
        if (begin >= range.end)
          break;
        end = begin + std::max<int64_t>(1, (range.end - begin) / 2);
        if (!range.next.compare_exchange_weak(begin, end))
          continue;
        if (int32_t status = entry(argv, begin, end)) {
          int32_t none = 0;
          failed.compare_exchange_strong(none, status);
        }
        begin = range.next.load();
      }
    }
  }

  struct Range {
    std::atomic<int64_t> next{0};
    int64_t end = 0;
  };
  KernelEntry entry;
  void **argv;
  std::vector<Range> ranges;
  std::atomic<int32_t> failed{0};
};

/// A spin-wait's pause: lets the core's sibling run, costs no system call.
static inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

namespace {
/// The OpenMP runtime already loaded in the process (libgomp: PyTorch's,
/// for one): its parallel region and thread number.
struct OpenMp {
  void (*parallel)(void (*)(void *), void *, unsigned, unsigned);
  int (*threadNum)();
  int (*threadLimit)();
  int (*inParallel)();

  /// Whether a team of `threads` can run here: not inside another
  /// parallel region (whose nested team is its caller alone), and within
  /// OMP_THREAD_LIMIT. Else the device's own workers take the launch.
  bool takes(int64_t threads) const {
    return !inParallel() && threadLimit() >= threads;
  }
};

/// A launch's blocks drained by an OpenMP team: thread 0 (the launching
/// thread) from home range 0, thread t from range t.
struct OpenMpLaunch {
  BlockQueue *queue;
  int (*threadNum)();
  static void body(void *data) {
    auto *launch = static_cast<OpenMpLaunch *>(data);
    launch->queue->drain(static_cast<size_t>(launch->threadNum()));
  }
};
} // namespace

static std::atomic<uint64_t> openMpLaunches{0};

/// Whether `name`'s value is `value`, ignoring case.
static bool envIs(const char *name, llvm::StringRef value) {
  const char *v = std::getenv(name);
  return v && llvm::StringRef(v).trim().equals_insensitive(value);
}

/// The process's OpenMP runtime, when one is loaded and host launches may
/// use its threads; else null. A process that runs OpenMP code next to
/// Meld's (PyTorch's ATen ops between a compiled model's calls) has two
/// pools: libgomp's threads spin for the next region (milliseconds by
/// default) on the cores Meld's workers need, and the operating system
/// splits a core between the two. MobileNetV2's training step through
/// meld.torch, whose autograd fills a zero gradient with an OpenMP loop
/// every step, ran 13% faster with OMP_WAIT_POLICY=passive (Zen 5 VM). Run
/// on libgomp's own threads, a launch finds them spinning for it instead.
/// Not where the user asked libgomp's threads to sleep at once
/// (OMP_WAIT_POLICY=passive, GOMP_SPINCOUNT=0: every launch would wake
/// them), nor with MELD_HOST_OPENMP=0. Looked up at the first launch and
/// then every 256th until found (torch imported after Meld's first run).
static const OpenMp *processOpenMp() {
  static const bool allowed = !envIs("MELD_HOST_OPENMP", "0") &&
                              !envIs("OMP_WAIT_POLICY", "passive") &&
                              !envIs("GOMP_SPINCOUNT", "0");
  static std::atomic<const OpenMp *> found{nullptr};
  static std::atomic<uint64_t> lookups{0};
  if (!allowed)
    return nullptr;
  if (const OpenMp *omp = found.load(std::memory_order_acquire))
    return omp;
  if (lookups.fetch_add(1, std::memory_order_relaxed) % 256 != 0)
    return nullptr;
#if defined(__linux__)
  // (Only a library already loaded: RTLD_NOLOAD. The handle stays open.)
  void *lib = dlopen("libgomp.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (!lib)
    return nullptr;
  auto parallel = reinterpret_cast<void (*)(void (*)(void *), void *, unsigned,
                                            unsigned)>(
      dlsym(lib, "GOMP_parallel"));
  auto threadNum = reinterpret_cast<int (*)()>(dlsym(lib, "omp_get_thread_num"));
  auto threadLimit =
      reinterpret_cast<int (*)()>(dlsym(lib, "omp_get_thread_limit"));
  auto inParallel = reinterpret_cast<int (*)()>(dlsym(lib, "omp_in_parallel"));
  if (!parallel || !threadNum || !threadLimit || !inParallel)
    return nullptr;
  static const OpenMp omp{parallel, threadNum, threadLimit, inParallel};
  found.store(&omp, std::memory_order_release);
  return &omp;
#else
  return nullptr;
#endif
}

/// The host device's worker threads. A launch offers its blocks to them
/// and drains the blocks itself at once; a worker that finishes waits for
/// the next launch spinning for `spin`, then sleeps. A sleeping worker
/// costs a futex wake-up per launch, which on the 2-core VM took longer
/// than most kernels: 100 dependent kernels of 65,536 floats ran at 2.1x
/// the time on two threads that they took on one (docs/runtime.md,
/// "Worker threads"). Spinning for a while, as OpenMP runtimes do, keeps
/// back-to-back launches (a model's kernels, steps called in a loop) on
/// awake workers. MELD_HOST_SPIN_US sets the spin (0: sleep at once).
class HostWorkers {
public:
  HostWorkers(unsigned count, std::chrono::nanoseconds spin) : spin(spin) {
    for (unsigned i = 0; i < count; ++i)
      threads.emplace_back([this] { work(); });
  }

  ~HostWorkers() {
    stop.store(true);
    generation.fetch_add(1);
    {
      std::lock_guard<std::mutex> lock(mutex);
      wake.notify_all();
    }
    for (std::thread &t : threads)
      t.join();
  }

  /// Drains `queue` on the calling thread with up to `helpers` workers;
  /// returns once every range taken has run. One launch at a time has the
  /// workers: a launch from another thread meanwhile (another stream) runs
  /// its blocks alone.
  void run(BlockQueue &queue, int64_t helpers) {
    std::unique_lock<std::mutex> owner(dispatch, std::try_to_lock);
    if (!owner.owns_lock()) {
      queue.drain(0);
      return;
    }
    // On the process's OpenMP threads where it has them (processOpenMp):
    // the region returns when every thread of the team is done. (A team
    // smaller than asked for still drains every range.)
    if (const OpenMp *omp = processOpenMp(); omp && omp->takes(helpers + 1)) {
      OpenMpLaunch launch{&queue, omp->threadNum};
      omp->parallel(&OpenMpLaunch::body, &launch,
                    static_cast<unsigned>(helpers + 1), 0);
      openMpLaunches.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    job.store(&queue);
    active.store(helpers);
    wanted.store(helpers);
    generation.fetch_add(1);
    if (sleepers.load() > 0) {
      std::lock_guard<std::mutex> lock(mutex);
      wake.notify_all();
    }
    queue.drain(0);
    // Workers that have not joined by now would find no block left: their
    // places are withdrawn, and only the workers running a range are
    // waited for.
    active.fetch_sub(wanted.exchange(0));
    // Now and then a yield: on a busy machine the worker may be waiting for
    // this core.
    for (unsigned i = 1; active.load() > 0; ++i) {
      cpuRelax();
      if (i % 64 == 0)
        std::this_thread::yield();
    }
  }

private:
  void work() {
    // Not generation.load(): a device destroyed before this thread first
    // runs has bumped it already, and the thread would wait for the next.
    uint64_t seen = 0;
    while (true) {
      auto start = std::chrono::steady_clock::now();
      for (unsigned i = 1; generation.load() == seen; ++i) {
        cpuRelax();
        if (i % 64 != 0)
          continue;
        std::this_thread::yield(); // (to a thread that waits for this core)
        if (std::chrono::steady_clock::now() - start < spin)
          continue;
        std::unique_lock<std::mutex> lock(mutex);
        sleepers.fetch_add(1);
        wake.wait(lock, [&] { return generation.load() != seen; });
        sleepers.fetch_sub(1);
      }
      if (stop.load())
        return;
      seen = generation.load();
      int64_t places = wanted.load();
      while (places > 0 && !wanted.compare_exchange_weak(places, places - 1))
        ;
      if (places <= 0)
        continue;
      // Place p (counting down from the number offered) is home range p.
      job.load()->drain(places);
      active.fetch_sub(1);
    }
  }

  std::chrono::nanoseconds spin;
  std::vector<std::thread> threads;
  std::mutex dispatch, mutex;
  std::condition_variable wake;
  /// Bumped by every launch (and to stop): what workers wait on.
  std::atomic<uint64_t> generation{0};
  std::atomic<BlockQueue *> job{nullptr};
  /// Places left for workers to join the current launch, and the workers
  /// counted in it (joined, or with a place not yet withdrawn).
  std::atomic<int64_t> wanted{0}, active{0};
  std::atomic<int> sleepers{0};
  std::atomic<bool> stop{false};
};

/// How long a host worker spins for the next launch: MELD_HOST_SPIN_US, or
/// 200 us.
static std::chrono::nanoseconds workerSpin() {
  int64_t us = 200;
  if (const char *env = std::getenv("MELD_HOST_SPIN_US"); env && *env) {
    char *end = nullptr;
    long long v = std::strtoll(env, &end, 10);
    if (end && !*end && v >= 0)
      us = std::min<long long>(v, 1000000);
  }
  return std::chrono::microseconds(us);
}

class HostDevice : public Device {
public:
  explicit HostDevice(unsigned threads) {
    info.backend = "host";
    info.target = "host";
    info.chip = llvm::sys::getHostCPUName().str();
    if (!threads)
      threads = meld::defaultHostThreads();
    info.name =
        "host CPU (" + info.chip + ", " + std::to_string(threads) + " threads)";
    info.conditionalNodes = true;
    this->threads = threads;
    // The calling thread takes part in every launch (runBlocks); the
    // workers are the other threads.
    if (threads > 1)
      workers = std::make_unique<HostWorkers>(threads - 1, workerSpin());
  }

  const DeviceInfo &getInfo() const override { return info; }

  Expected<void *> allocate(size_t bytes, MemoryKind) override {
    // More than a process can address: refused before the rounding below,
    // which would wrap around for the last 63 values of size_t and
    // allocate a few bytes for a buffer that claims to be huge (found by
    // fuzz/RuntimeApiFuzzer.cpp).
    constexpr size_t kMaxBytes = size_t(1) << 47;
    if (bytes > kMaxBytes)
      return makeStatusError(MELD_ERROR_OUT_OF_MEMORY,
                             "cannot allocate " + Twine(bytes) +
                                 " bytes: more than the host can address");
    size_t size = std::max(kAlignment,
                           (bytes + kAlignment - 1) / kAlignment * kAlignment);
    void *p = std::aligned_alloc(kAlignment, size);
    if (!p)
      return makeStatusError(MELD_ERROR_OUT_OF_MEMORY,
                             "out of host memory allocating " + Twine(bytes) +
                                 " bytes");
    return p;
  }
  void deallocate(void *ptr, MemoryKind) override { std::free(ptr); }

  Expected<std::unique_ptr<Stream>> createStream() override {
    return std::make_unique<HostStream>(*this);
  }
  Expected<std::unique_ptr<Event>> createEvent() override {
    return std::make_unique<HostEvent>();
  }

  int rate(const ModuleImage &image) const override {
    if (image.target != "host" ||
        (image.format != "elf-relocatable" && image.format != "elf-archive"))
      return -1;
    llvm::Triple process(llvm::sys::getProcessTriple());
    llvm::Triple object(image.triple);
    return object.getArch() == process.getArch() &&
                   object.getOS() == process.getOS()
               ? 1
               : -1;
  }

  /// Refuses host code compiled for CPU features this CPU lacks (a bundle
  /// from meld-compile --cpu=sapphirerapids on an AVX2 machine), which
  /// would otherwise die of an illegal instruction mid-run. Features this
  /// CPU does not report either way (LLVM's tuning flags) are not checked.
  static Error checkFeatures(const ModuleImage &image) {
    llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
    llvm::SmallVector<llvm::StringRef> items, missing;
    llvm::StringRef(image.features).split(items, ',', -1, false);
    for (llvm::StringRef item : items) {
      if (!item.consume_front("+"))
        continue;
      auto it = host.find(item);
      if (it != host.end() && !it->second)
        missing.push_back(item);
    }
    if (missing.empty())
      return llvm::is_contained(items, "+amx-tile") ? requestAmx()
                                                     : Error::success();
    return makeStatusError(
        MELD_ERROR_UNSUPPORTED,
        "the host code was compiled for CPU '" + image.chip +
            "' and needs features this CPU (" +
            llvm::sys::getHostCPUName().str() + ") lacks: " +
            llvm::join(missing, ", ") +
            "; compile it for this machine (meld-compile without --cpu)");
  }

  /// Asks Linux, once per process, for the AMX tile data state that code
  /// compiled for AMX needs (arch_prctl ARCH_REQ_XCOMP_PERM with
  /// XFEATURE_XTILEDATA): without it the first tile instruction dies of
  /// SIGILL.
  static Error requestAmx() {
#if defined(__linux__) && defined(__x86_64__)
    constexpr int kReqXcompPerm = 0x1023, kXfeatureXtiledata = 18;
    static const long status =
        syscall(SYS_arch_prctl, kReqXcompPerm, kXfeatureXtiledata);
    if (status == 0)
      return Error::success();
    return makeStatusError(
        MELD_ERROR_UNSUPPORTED,
        "the host code uses AMX tiles, but the kernel did not grant this "
        "process their state (arch_prctl ARCH_REQ_XCOMP_PERM failed); "
        "compile it with --cpu-features=-amx-tile");
#else
    return Error::success();
#endif
  }

  /// The relocatable objects of `image`: its bytes, or the members of its
  /// archive (host code compiled in parts, docs/bundle-format.md), which
  /// point into `image.bytes`.
  static Expected<std::vector<llvm::StringRef>>
  objectsOf(const ModuleImage &image) {
    if (image.format != "elf-archive")
      return std::vector<llvm::StringRef>{image.bytes};
    auto invalid = [](const llvm::Twine &why) {
      return makeStatusError(MELD_ERROR_INVALID_BUNDLE,
                             "the host code archive is malformed: " + why);
    };
    Expected<std::unique_ptr<llvm::object::Archive>> archive =
        llvm::object::Archive::create(
            llvm::MemoryBufferRef(image.bytes, "meld-host-kernels"));
    if (!archive)
      return invalid(llvm::toString(archive.takeError()));
    // A thin archive names files instead of holding them: reading one would
    // open whatever path the bundle says.
    if ((*archive)->isThin() ||
        (*archive)->kind() != llvm::object::Archive::K_GNU)
      return invalid("not a GNU archive holding its members");
    std::vector<llvm::StringRef> objects;
    Error err = Error::success();
    for (const llvm::object::Archive::Child &child :
         (*archive)->children(err)) {
      Expected<llvm::StringRef> bytes = child.getBuffer();
      if (!bytes) {
        llvm::consumeError(std::move(err));
        return invalid(llvm::toString(bytes.takeError()));
      }
      objects.push_back(*bytes);
    }
    if (err)
      return invalid(llvm::toString(std::move(err)));
    if (objects.empty())
      return invalid("it holds no object");
    return objects;
  }

  /// Checks what LLVM's JIT linker trusts in the host object: every
  /// relocation writes inside the section it patches and names a symbol
  /// that exists, and every defined symbol lies inside its section. The
  /// bundle checksum catches corruption, not forgery; without this, a
  /// relocation offset past its section made the linker write anywhere
  /// (found by fuzz/BundleFuzzer.cpp). Other forgeries of the code itself
  /// are not caught: a bundle is trusted like an executable.
  static Error validateObject(llvm::StringRef bytes) {
    auto invalid = [](const llvm::Twine &why) {
      return makeStatusError(MELD_ERROR_INVALID_BUNDLE,
                             "the host code is malformed: " + why);
    };
    Expected<std::unique_ptr<llvm::object::ObjectFile>> object =
        llvm::object::ObjectFile::createObjectFile(
            llvm::MemoryBufferRef(bytes, "meld-host-kernels"));
    if (!object)
      return invalid(llvm::toString(object.takeError()));
    auto *elf = llvm::dyn_cast<llvm::object::ELF64LEObjectFile>(object->get());
    if (!elf)
      return invalid("not a 64-bit little-endian ELF object");
    const auto &file = elf->getELFFile();
    auto sections = file.sections();
    if (!sections)
      return invalid(llvm::toString(sections.takeError()));
    auto width = [](uint32_t type) -> uint64_t {
      switch (type) {
      case llvm::ELF::R_X86_64_64:
      case llvm::ELF::R_X86_64_PC64:
      case llvm::ELF::R_X86_64_GOTOFF64:
      case llvm::ELF::R_X86_64_GOTPC64:
      case llvm::ELF::R_X86_64_GOT64:
      case llvm::ELF::R_X86_64_GOTPCREL64:
      case llvm::ELF::R_X86_64_SIZE64:
        return 8;
      default:
        return 4;
      }
    };
    for (const auto &header : *sections) {
      if (header.sh_type == llvm::ELF::SHT_SYMTAB) {
        auto symbols = file.symbols(&header);
        if (!symbols)
          return invalid(llvm::toString(symbols.takeError()));
        for (const auto &symbol : *symbols) {
          uint16_t index = symbol.st_shndx;
          if (index == llvm::ELF::SHN_UNDEF ||
              index >= llvm::ELF::SHN_LORESERVE)
            continue;
          if (index >= sections->size())
            return invalid("a symbol names a section that does not exist");
          if (symbol.st_value > (*sections)[index].sh_size)
            return invalid("a symbol lies past the end of its section");
        }
      }
      if (header.sh_type != llvm::ELF::SHT_RELA)
        continue;
      if (header.sh_info >= sections->size() ||
          header.sh_link >= sections->size())
        return invalid("a relocation section names no section");
      uint64_t size = (*sections)[header.sh_info].sh_size;
      const auto &symtab = (*sections)[header.sh_link];
      uint64_t symbols =
          symtab.sh_entsize ? symtab.sh_size / symtab.sh_entsize : 0;
      auto relocations = file.relas(header);
      if (!relocations)
        return invalid(llvm::toString(relocations.takeError()));
      for (const auto &relocation : *relocations) {
        uint64_t offset = relocation.r_offset;
        uint64_t bytes = width(relocation.getType(/*isMips64EL=*/false));
        if (offset > size || size - offset < bytes)
          return invalid("a relocation at offset " + llvm::Twine(offset) +
                         " patches past the end of its section (" +
                         llvm::Twine(size) + " bytes)");
        if (relocation.getSymbol(/*isMips64EL=*/false) >= symbols)
          return invalid("a relocation names a symbol that does not exist");
      }
    }
    return Error::success();
  }

  Expected<std::unique_ptr<Module>>
  loadModule(const ModuleImage &image) override {
    if (rate(image) < 0)
      return makeStatusError(MELD_ERROR_UNSUPPORTED,
                             "the host code is for '" + image.triple +
                                 "', but this process runs on '" +
                                 llvm::sys::getProcessTriple() + "'");
    static std::once_flag targetsInitialized;
    std::call_once(targetsInitialized, [] {
      llvm::InitializeNativeTarget();
      llvm::InitializeNativeTargetAsmPrinter();
    });
    if (Error e = checkFeatures(image))
      return std::move(e);
    Expected<std::vector<llvm::StringRef>> objects = objectsOf(image);
    if (!objects)
      return objects.takeError();
    for (llvm::StringRef object : *objects)
      if (Error e = validateObject(object))
        return std::move(e);
    auto module = std::make_unique<HostModule>();
    Expected<std::unique_ptr<llvm::orc::LLJIT>> jit =
        llvm::orc::LLJITBuilder().create();
    if (!jit)
      return jit.takeError();
    module->jit = std::move(*jit);
    auto generator =
        llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
            module->jit->getDataLayout().getGlobalPrefix());
    if (!generator)
      return generator.takeError();
    module->jit->getMainJITDylib().addGenerator(std::move(*generator));
    if (Error e = defineBuiltins(*module->jit))
      return std::move(e);
    // Every part into the same library, whose lookups find every part's
    // entry points.
    for (llvm::StringRef object : *objects)
      if (Error e =
              module->jit->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(
                  object, "meld-host-kernels")))
        return makeStatusError(MELD_ERROR_INVALID_BUNDLE,
                               "the host code cannot be loaded: " +
                                   llvm::toString(std::move(e)));
    static std::atomic<int> modulesLoaded{0};
    int number = modulesLoaded++;
    for (llvm::StringRef object : *objects)
      writePerfMap(*module->jit, object, number);
    return std::unique_ptr<Module>(std::move(module));
  }

  /// Runs blocks [0, blocks) of a kernel on the calling thread and the
  /// workers; returns the status of a range whose check failed, or 0. The
  /// calling thread offers the blocks to `threads - 1` workers and takes
  /// ranges of them itself at once; it then waits only for the ranges
  /// workers took. A small kernel is thus done before a sleeping worker
  /// wakes up (on the 2-core VM a wake-up took longer than a 256x256
  /// softmax), while a large one is shared.
  int32_t runBlocks(KernelEntry entry, void **argv, int64_t blocks) {
    int64_t helpers = std::min<int64_t>(threads, blocks) - 1;
    if (helpers < 1)
      return blocks > 0 ? entry(argv, 0, blocks) : 0;
    BlockQueue queue(entry, argv, blocks, helpers + 1);
    workers->run(queue, helpers);
    return queue.failed.load();
  }

private:
  DeviceInfo info;
  /// Threads a launch runs on: the caller and the workers.
  unsigned threads = 1;
  std::unique_ptr<HostWorkers> workers;
};

Error runTask(HostDevice &device, const Task &task) {
  switch (task.kind) {
  case Task::Launch:
    if (int32_t status = device.runBlocks(task.kernel->entry,
                                          const_cast<void **>(task.argv.data()),
                                          task.blocks))
      return kernelStatusError(task.kernel->name, status);
    return Error::success();
  case Task::Copy:
    if (task.bytes)
      std::memmove(task.dst, task.src, task.bytes);
    return Error::success();
  case Task::If:
    return runTasks(device, *task.predicate ? task.first : task.second);
  case Task::While:
    for (int64_t i = 0; *task.predicate; ++i) {
      if (i == kMaxWhileIterations)
        return makeStatusError(MELD_ERROR_EXECUTION,
                               "a WHILE node ran more than " +
                                   Twine(kMaxWhileIterations) + " iterations");
      if (Error e = runTasks(device, task.first))
        return e;
    }
    return Error::success();
  }
  llvm_unreachable("unknown task");
}

Error HostGraphExec::launch(Stream &stream) {
  if (stream.isCapturing())
    return makeStatusError(MELD_ERROR_CAPTURE,
                           "cannot launch a host graph into a capture");
  // One replay at a time: the graph's buffers are shared by its replays.
  std::lock_guard<std::mutex> lock(mutex);
  return runTasks(device, tasks);
}

class HostBackend : public Backend {
public:
  StringRef getName() const override { return "host"; }
  Expected<int> getDeviceCount() override { return 1; }
  Expected<std::shared_ptr<Device>> openDevice(int ordinal) override {
    if (ordinal != 0)
      return makeStatusError(MELD_ERROR_NOT_FOUND,
                             "the host backend has one device (#0), not #" +
                                 Twine(ordinal));
    std::lock_guard<std::mutex> lock(mutex);
    if (!device)
      device = std::make_shared<HostDevice>(0);
    return device;
  }

private:
  std::mutex mutex;
  std::shared_ptr<HostDevice> device;
};

} // namespace

std::shared_ptr<Device> meld::runtime::createHostDevice(unsigned threads) {
  return std::make_shared<HostDevice>(threads);
}

std::shared_ptr<Backend> meld::runtime::createHostBackend() {
  return std::make_shared<HostBackend>();
}

uint64_t meld::runtime::hostOpenMpLaunches() { return openMpLaunches.load(); }
