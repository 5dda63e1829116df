//===- RuntimeTestSupport.h - Runtime test helpers --------------*- C++ -*-===//

#ifndef MELD_RUNTIME_UNITTESTS_RUNTIMETESTSUPPORT_H
#define MELD_RUNTIME_UNITTESTS_RUNTIMETESTSUPPORT_H

#include "meld/Runtime/Backend.h"
#include "meld/Runtime/meld_runtime.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <optional>
#include <string>

namespace meld::runtime::testing {

/// The status code of `e` (MELD_OK for success); its message into
/// `message` when given.
inline meld_status_t statusOf(llvm::Error e, std::string *message = nullptr) {
  std::string m;
  meld_status_t s = takeStatus(std::move(e), m);
  if (message)
    *message = m;
  return s;
}

/// The value, or a test failure with the error's message (llvm::cantFail is
/// unchecked in release builds).
template <typename T>
T take(llvm::Expected<T> value, const char *what = nullptr) {
  if (!value) {
    ADD_FAILURE() << (what ? what : "") << (what ? ": " : "")
                  << llvm::toString(value.takeError());
    return T();
  }
  return std::move(*value);
}

/// Sets an environment variable for a scope and restores it after.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    ::setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (previous)
      ::setenv(name, previous->c_str(), 1);
    else
      ::unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

} // namespace meld::runtime::testing

#define MELD_TAKE(expr) ::meld::runtime::testing::take((expr), #expr)

/// Asserts that a C API call returns MELD_OK, printing its message if not.
#define MELD_ASSERT_OK(call)                                                   \
  do {                                                                         \
    meld_status_t s_ = (call);                                                 \
    ASSERT_EQ(s_, MELD_OK) << #call << ": " << meld_status_name(s_) << ": "    \
                           << meld_last_error();                               \
  } while (0)

#endif // MELD_RUNTIME_UNITTESTS_RUNTIMETESTSUPPORT_H
