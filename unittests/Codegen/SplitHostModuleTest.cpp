//===- SplitHostModuleTest.cpp - Host code in parts -----------------------===//
//
// splitHostModule on LLVM IR written out here: what goes together, what is
// copied, what is only declared, and how the parts are balanced.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Host/SplitHostModule.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <string>

using namespace meld::codegen;

namespace {

/// Four kernels: `big` (a long body) and `small` share a local helper and a
/// constant table; `counter_a` and `counter_b` share a mutable local
/// counter; `entry_small` calls `small` (an entry point and its kernel).
std::string program() {
  std::string big;
  for (int i = 0; i < 40; ++i)
    big += "  %v" + std::to_string(i + 1) + " = add i64 %v" +
           std::to_string(i) + ", 3\n";
  return R"ll(
@table = private constant [2 x i64] [i64 1, i64 2]
@counter = internal global i64 0
@unused = private constant i64 7

define internal i64 @helper(i64 %x) {
  %p = getelementptr [2 x i64], ptr @table, i64 0, i64 1
  %t = load i64, ptr %p
  %r = mul i64 %x, %t
  ret i64 %r
}

define internal i64 @unused_helper() {
  %v = load i64, ptr @unused
  ret i64 %v
}

define i64 @big(i64 %v0) {
)ll" + big + R"ll(
  %r = call i64 @helper(i64 %v40)
  ret i64 %r
}

define i64 @small(i64 %x) {
  %r = call i64 @helper(i64 %x)
  ret i64 %r
}

define i64 @entry_small(i64 %x) {
  %r = call i64 @small(i64 %x)
  ret i64 %r
}

define void @counter_a() {
  %c = load i64, ptr @counter
  %d = add i64 %c, 1
  store i64 %d, ptr @counter
  ret void
}

define i64 @counter_b() {
  %c = load i64, ptr @counter
  ret i64 %c
}
)ll";
}

class SplitHostModule : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SMDiagnostic error;
    module = llvm::parseAssemblyString(program(), error, context);
    ASSERT_TRUE(module) << error.getMessage().str();
  }

  /// The part that defines `name`, or -1; fails if more than one does.
  static int definedIn(
      const llvm::SmallVector<std::unique_ptr<llvm::Module>> &parts,
      llvm::StringRef name) {
    int found = -1;
    for (auto [i, part] : llvm::enumerate(parts)) {
      const llvm::GlobalValue *gv = part->getNamedValue(name);
      if (!gv || gv->isDeclaration())
        continue;
      EXPECT_EQ(found, -1) << name.str() << " is defined in two parts";
      found = static_cast<int>(i);
    }
    return found;
  }

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
};

TEST_F(SplitHostModule, GroupsWhatMustStayTogetherAndCopiesTheRest) {
  auto parts = splitHostModule(*module, 3);
  // Three groups: big; small with its entry point; the two users of the
  // mutable counter.
  ASSERT_EQ(parts.size(), 3u);
  for (const auto &part : parts) {
    std::string message;
    llvm::raw_string_ostream os(message);
    EXPECT_FALSE(llvm::verifyModule(*part, &os)) << message;
  }
  int big = definedIn(parts, "big");
  int small = definedIn(parts, "small");
  int counter = definedIn(parts, "counter");
  EXPECT_EQ(definedIn(parts, "entry_small"), small);
  EXPECT_EQ(definedIn(parts, "counter_a"), counter);
  EXPECT_EQ(definedIn(parts, "counter_b"), counter);
  EXPECT_NE(big, small);
  EXPECT_NE(big, counter);
  EXPECT_NE(small, counter);
  // The local helper and its constant table are copied into each part that
  // calls the helper; what nothing uses is in none.
  for (int p : {big, small}) {
    const llvm::Function *helper = parts[p]->getFunction("helper");
    ASSERT_TRUE(helper && !helper->isDeclaration());
    EXPECT_TRUE(helper->hasLocalLinkage());
    const llvm::GlobalVariable *table =
        parts[p]->getGlobalVariable("table", /*AllowInternal=*/true);
    ASSERT_TRUE(table && table->hasInitializer());
  }
  EXPECT_FALSE(parts[counter]->getFunction("helper"));
  for (const auto &part : parts) {
    EXPECT_FALSE(part->getFunction("unused_helper"));
    EXPECT_FALSE(part->getGlobalVariable("unused", /*AllowInternal=*/true));
  }
  // No part refers to what another defines: a part holds no declaration
  // of another's kernels.
  for (auto [i, part] : llvm::enumerate(parts))
    for (llvm::StringRef name : {"big", "small", "entry_small", "counter_a"})
      if (definedIn(parts, name) != static_cast<int>(i))
        EXPECT_FALSE(part->getNamedValue(name)) << name.str() << " in " << i;
}

TEST_F(SplitHostModule, LeavesDeadLocalsAndAliasesWhereTheyBelong) {
  // A dead pair of local functions calling each other and using the
  // counter, and an alias of the counter used by counter_b: the counter
  // (with the alias) exists once, and the dead pair nowhere.
  llvm::SMDiagnostic error;
  auto extended = llvm::parseAssemblyString(program() + R"ll(
@counter_alias = internal alias i64, ptr @counter
define internal void @dead_a() {
  store i64 1, ptr @counter
  call void @dead_b()
  ret void
}
define internal void @dead_b() {
  call void @dead_a()
  ret void
}
define i64 @reads_alias() {
  %c = load i64, ptr @counter_alias
  ret i64 %c
}
)ll",
                                            error, context);
  ASSERT_TRUE(extended) << error.getMessage().str();
  auto parts = splitHostModule(*extended, 4);
  int counter = definedIn(parts, "counter");
  EXPECT_EQ(definedIn(parts, "reads_alias"), counter);
  for (auto [i, part] : llvm::enumerate(parts)) {
    std::string message;
    llvm::raw_string_ostream os(message);
    EXPECT_FALSE(llvm::verifyModule(*part, &os)) << message;
    EXPECT_FALSE(part->getFunction("dead_a")) << i;
    EXPECT_FALSE(part->getFunction("dead_b")) << i;
    if (static_cast<int>(i) != counter)
      EXPECT_FALSE(part->getNamedValue("counter")) << i;
  }
}

TEST_F(SplitHostModule, DealsTheLargestGroupsFirstToTheLightestPart) {
  // Two parts: `big` (about 45 instructions with its helper) alone, the
  // two small groups together.
  auto parts = splitHostModule(*module, 2);
  ASSERT_EQ(parts.size(), 2u);
  int big = definedIn(parts, "big");
  EXPECT_EQ(definedIn(parts, "small"), 1 - big);
  EXPECT_EQ(definedIn(parts, "counter_a"), 1 - big);
  // No more parts than groups.
  EXPECT_EQ(splitHostModule(*module, 8).size(), 3u);
  EXPECT_EQ(splitHostModule(*module, 1).size(), 1u);
}

TEST_F(SplitHostModule, IsDeterministic) {
  auto print = [](const llvm::Module &m) {
    std::string text;
    llvm::raw_string_ostream os(text);
    m.print(os, nullptr);
    return text;
  };
  auto first = splitHostModule(*module, 3);
  auto second = splitHostModule(*module, 3);
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i)
    EXPECT_EQ(print(*first[i]), print(*second[i]));
}

TEST_F(SplitHostModule, CountsThePartsItsSizePaysFor) {
  // A few dozen instructions: one part whatever the threads, unless asked.
  EXPECT_EQ(countHostParts(*module, 0, 16), 1u);
  EXPECT_EQ(countHostParts(*module, 2, 16), 2u);
  EXPECT_EQ(countHostParts(*module, 9, 16), 3u);
}

} // namespace
