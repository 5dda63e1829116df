//===- ThreadTest.cpp - Eight threads sharing executables -----------------===//
//
// Eight threads, each with two streams and an event of its own, share
// several executables loaded once (programs with kernels of every dtype,
// reductions, meld.if and a data-dependent meld.while) and one more stream
// on one device. Each thread runs them eagerly on its streams and on the
// shared one, orders one stream after the other with an event, captures a
// run, replays it, rebinds it to its second buffers and back, and checks
// every result against the reference
// outputs of the conformance cases (MELD_CONFORMANCE_DATA, see
// ConformanceData.h). Needs no MLIR, so it is the test the standalone
// runtime build runs under ThreadSanitizer (scripts/sanitize-runtime.sh).
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.h"

#include "ConformanceData.h"
#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

#include <atomic>
#include <thread>

using namespace meld::runtime::testing;

namespace {

/// The cases the threads share: every dtype, meld.if, meld.while.
const char *const kSharedCases[] = {
    "examples_softmax.main",    "examples_branch_and_loop.main",
    "examples_while_loop.main", "examples_layernorm.main",
    "programs_dtypes.integers", "programs_dtypes.halves",
};
constexpr int kThreads = 8;
constexpr int kRounds = 3;

/// Reports a failed call as a test failure (from any thread) and returns
/// whether it succeeded.
bool succeeded(meld_status_t s, const char *call, const std::string &where) {
  if (s == MELD_OK)
    return true;
  ADD_FAILURE() << where << ": " << call << ": " << meld_status_name(s) << ": "
                << meld_last_error();
  return false;
}
#define MELD_TRY(call)                                                         \
  if (!succeeded((call), #call, where))                                        \
  return

struct SharedProgram {
  const Case *c;
  meld_executable_t exe;
};

meld_status_t run(const SharedProgram &p, meld_stream_t stream,
                  const Buffers &b) {
  return meld_executable_run(p.exe, stream, p.c->function.c_str(),
                             b.inputs.data(), b.inputs.size(), b.outputs.data(),
                             b.outputs.size());
}

/// Replays `graph` on both streams, then waits for both.
meld_status_t replay(meld_graph_exec_t graph, const meld_stream_t (&s)[2]) {
  for (meld_stream_t stream : s)
    if (meld_status_t st = meld_graph_exec_launch(graph, stream))
      return st;
  if (meld_status_t st = meld_stream_synchronize(s[0]))
    return st;
  return meld_stream_synchronize(s[1]);
}

/// A captured run of `c` on buffers `a`: replayed, rebound to `b`,
/// replayed, rebound back to `a`, replayed.
void replayAndRebind(meld_graph_exec_t graph, const meld_stream_t (&s)[2],
                     const Case &c, const Buffers &a, const Buffers &b,
                     const std::string &where) {
  MELD_TRY(replay(graph, s));
  MELD_TRY(checkOutputs(s[0], c, 0, a, false, where + " replay"));
  MELD_TRY(meld_graph_exec_rebind(graph, b.inputs.data(), b.inputs.size(),
                                  b.outputs.data(), b.outputs.size()));
  MELD_TRY(replay(graph, s));
  MELD_TRY(checkOutputs(s[1], c, 1, b, false, where + " rebound"));
  MELD_TRY(poisonOutputs(s[0], c, 0, a));
  MELD_TRY(meld_graph_exec_rebind(graph, a.inputs.data(), a.inputs.size(),
                                  a.outputs.data(), a.outputs.size()));
  MELD_TRY(replay(graph, s));
  MELD_TRY(checkOutputs(s[0], c, 0, a, false, where + " rebound back"));
}

/// One round on program `p`: eager on both streams and on the `shared`
/// one, across streams through an event, captured, replayed, rebound both
/// ways.
void exercise(meld_device_t device, const meld_stream_t (&s)[2],
              meld_stream_t shared, meld_event_t event, const SharedProgram &p,
              const std::string &where) {
  const Case &c = *p.c;
  Buffers a, b;
  MELD_TRY(allocateSet(device, s[0], c, 0, a));
  MELD_TRY(allocateSet(device, s[1], c, 1, b));
  MELD_TRY(run(p, s[0], a));
  MELD_TRY(checkOutputs(s[0], c, 0, a, false, where + " eager"));
  MELD_TRY(run(p, s[1], b));
  MELD_TRY(checkOutputs(s[1], c, 1, b, false, where + " eager, stream 1"));
  // On the stream every thread uses (and its buffer pool).
  MELD_TRY(poisonOutputs(shared, c, 0, a));
  MELD_TRY(run(p, shared, a));
  MELD_TRY(checkOutputs(shared, c, 0, a, false, where + " shared stream"));

  // The inputs written again on stream 0, used on stream 1 after an event.
  MELD_TRY(poisonOutputs(s[0], c, 1, b));
  for (size_t i = 0; i < b.inputs.size(); ++i)
    MELD_TRY(meld_buffer_write(s[0], b.inputs[i].buffer, 0,
                               c.inputs[1][i].bytes.data(),
                               c.inputs[1][i].bytes.size()));
  MELD_TRY(meld_event_record(event, s[0]));
  MELD_TRY(meld_stream_wait_event(s[1], event));
  MELD_TRY(run(p, s[1], b));
  MELD_TRY(checkOutputs(s[1], c, 1, b, false, where + " after an event"));

  MELD_TRY(poisonOutputs(s[0], c, 0, a));
  MELD_TRY(poisonOutputs(s[0], c, 1, b));
  meld_graph_exec_t graph;
  MELD_TRY(meld_executable_capture(p.exe, s[0], c.function.c_str(),
                                   a.inputs.data(), a.inputs.size(),
                                   a.outputs.data(), a.outputs.size(), &graph));
  replayAndRebind(graph, s, c, a, b, where);
  succeeded(meld_graph_exec_release(graph), "meld_graph_exec_release", where);
}

void worker(int id, meld_device_t device, meld_stream_t shared,
            const std::vector<SharedProgram> &programs,
            std::atomic<int> &waiting) {
  std::string where = "thread " + std::to_string(id);
  meld_stream_t s[2] = {};
  meld_event_t event = {};
  bool ready = succeeded(meld_stream_create(device, &s[0]), "stream", where) &&
               succeeded(meld_stream_create(device, &s[1]), "stream", where) &&
               succeeded(meld_event_create(device, &event), "event", where);
  // Start together, for as much overlap as possible.
  --waiting;
  while (waiting > 0)
    std::this_thread::yield();
  if (ready)
    for (int round = 0; round < kRounds; ++round) {
      const SharedProgram &p = programs[(id + round) % programs.size()];
      exercise(device, s, shared, event, p, where + ", " + p.c->name);
    }
  for (meld_stream_t stream : s)
    if (stream.id)
      succeeded(meld_stream_release(stream), "meld_stream_release", where);
  if (event.id)
    succeeded(meld_event_release(event), "meld_event_release", where);
}

TEST(RuntimeThreads, EightThreadsShareExecutables) {
  if (conformanceDataDir().empty())
    GTEST_SKIP() << "MELD_CONFORMANCE_DATA is not set";
  std::string error;
  std::vector<Case> cases = readCases(error);
  ASSERT_TRUE(error.empty()) << error;

  meld_device_t device;
  MELD_ASSERT_OK(meld_device_open("host", 0, &device));
  std::vector<SharedProgram> programs;
  for (const char *name : kSharedCases) {
    auto it = std::find_if(cases.begin(), cases.end(),
                           [&](const Case &c) { return c.name == name; });
    ASSERT_NE(it, cases.end())
        << "no case " << name << " in " << conformanceDataDir();
    meld_executable_t exe;
    MELD_ASSERT_OK(meld_executable_load_file(device, it->bundle.c_str(), &exe));
    programs.push_back({&*it, exe});
  }

  meld_stream_t shared;
  MELD_ASSERT_OK(meld_stream_create(device, &shared));
  std::atomic<int> waiting{kThreads};
  std::vector<std::thread> threads;
  for (int id = 0; id < kThreads; ++id)
    threads.emplace_back(worker, id, device, shared, std::cref(programs),
                         std::ref(waiting));
  for (std::thread &t : threads)
    t.join();

  EXPECT_EQ(meld_stream_release(shared), MELD_OK) << meld_last_error();
  for (const SharedProgram &p : programs)
    EXPECT_EQ(meld_executable_release(p.exe), MELD_OK) << meld_last_error();
  EXPECT_EQ(meld_device_release(device), MELD_OK) << meld_last_error();
}

} // namespace
