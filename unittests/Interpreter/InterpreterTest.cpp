//===- InterpreterTest.cpp - Tests for the reference interpreter ----------===//
//
// Runs small programs through the interpreter from C++: results, dynamic
// shapes, control flow, and that every failure is a located diagnostic
// rather than a crash.
//
//===----------------------------------------------------------------------===//

#include "meld/Interpreter/Interpreter.h"
#include "../Support/MeldTestContext.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using meld::ref::ElementKind;
using meld::ref::HostTensor;

namespace {
class InterpreterTest : public ::testing::Test,
                        protected meld::testing::MeldTestContext {
protected:
  OwningOpRef<ModuleOp> parse(llvm::StringRef source) {
    return parseSourceString<ModuleOp>(source, &context);
  }

  FailureOr<std::vector<HostTensor>> run(llvm::StringRef source,
                                         std::vector<HostTensor> args,
                                         meld::InterpreterOptions opts = {}) {
    module = parse(source);
    if (!module)
      return failure();
    meld::Interpreter interpreter(*module, opts);
    return interpreter.run("main", args);
  }

  static HostTensor f32(llvm::ArrayRef<int64_t> shape,
                        std::initializer_list<double> values) {
    HostTensor t(ElementKind::F32, shape);
    int64_t i = 0;
    for (double v : values)
      t.setFloat(i++, v);
    return t;
  }

  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(InterpreterTest, RunsStraightLineCode) {
  auto results = run(R"mlir(
    func.func @main(%x: tensor<2x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
      %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<2xf32> -> tensor<2x2xf32>
      %y = meld.matmul %x, %x : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
      %z = meld.add %y, %bb : tensor<2x2xf32>
      return %z : tensor<2x2xf32>
    })mlir",
                     {f32({2, 2}, {1, 2, 3, 4}), f32({2}, {10, 20})});
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].floatData(), (std::vector<double>{17, 30, 25, 42}));
}

TEST_F(InterpreterTest, BindsDynamicDimsFromArguments) {
  auto results = run(R"mlir(
    func.func @main(%x: tensor<?x2xf32>) -> tensor<?xf32> {
      %n = meld.dim %x, 0 : tensor<?x2xf32>
      %c2 = arith.constant 2 : index
      %m = arith.muli %n, %c2 : index
      %r = meld.reshape %x sizes(%m) : tensor<?x2xf32> -> tensor<?xf32>
      return %r : tensor<?xf32>
    })mlir",
                     {f32({3, 2}, {1, 2, 3, 4, 5, 6})});
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].getShape(), (llvm::ArrayRef<int64_t>{6}));
}

TEST_F(InterpreterTest, WhileLoopRunsDataDependentTripCount) {
  const char *program = R"mlir(
    func.func @main(%x: tensor<f32>, %limit: tensor<f32>) -> tensor<f32> {
      %r = meld.while (%x : tensor<f32>) cond {
      ^bb0(%a: tensor<f32>):
        %p = meld.compare lt, %a, %limit : tensor<f32>
        meld.yield %p : tensor<i1>
      } do {
      ^bb0(%a: tensor<f32>):
        %d = meld.add %a, %a : tensor<f32>
        meld.yield %d : tensor<f32>
      }
      return %r : tensor<f32>
    })mlir";
  auto results = run(program, {f32({}, {1}), f32({}, {100})});
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].getFloat(0), 128.0);
  results = run(program, {f32({}, {3}), f32({}, {10})});
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].getFloat(0), 12.0);
}

TEST_F(InterpreterTest, NonTerminatingLoopIsStopped) {
  meld::InterpreterOptions opts;
  opts.maxWhileIterations = 1000;
  auto results = run(R"mlir(
    func.func @main(%x: tensor<f32>) -> tensor<f32> {
      %t = meld.constant dense<true> : tensor<i1>
      %r = meld.while (%x : tensor<f32>) cond {
      ^bb0(%a: tensor<f32>):
        meld.yield %t : tensor<i1>
      } do {
      ^bb0(%a: tensor<f32>):
        meld.yield %a : tensor<f32>
      }
      return %r : tensor<f32>
    })mlir",
                     {f32({}, {1})}, opts);
  EXPECT_TRUE(failed(results));
  EXPECT_NE(diagnostics.find("ran more than 1000 iterations"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterTest, IfPicksTheRegion) {
  const char *program = R"mlir(
    func.func @main(%x: tensor<2xf32>, %p: tensor<i1>) -> tensor<2xf32> {
      %r = meld.if %p -> (tensor<2xf32>) {
        meld.yield %x : tensor<2xf32>
      } else {
        %n = meld.neg %x : tensor<2xf32>
        meld.yield %n : tensor<2xf32>
      }
      return %r : tensor<2xf32>
    })mlir";
  HostTensor pred(ElementKind::I1, {});
  auto results = run(program, {f32({2}, {1, -2}), pred});
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].floatData(), (std::vector<double>{-1, 2}));
  pred.setInt(0, 1);
  results = run(program, {f32({2}, {1, -2}), pred});
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].floatData(), (std::vector<double>{1, -2}));
}

TEST_F(InterpreterTest, CallsOtherFunctions) {
  auto results = run(R"mlir(
    func.func private @square(%x: tensor<2xf32>) -> tensor<2xf32> {
      %y = meld.mul %x, %x : tensor<2xf32>
      return %y : tensor<2xf32>
    }
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %y = func.call @square(%x) : (tensor<2xf32>) -> tensor<2xf32>
      return %y : tensor<2xf32>
    })mlir",
                     {f32({2}, {3, -4})});
  ASSERT_TRUE(succeeded(results)) << diagnostics;
  EXPECT_EQ((*results)[0].floatData(), (std::vector<double>{9, 16}));
}

TEST_F(InterpreterTest, WrongArgumentsAreLocatedErrors) {
  const char *program = R"mlir(
    func.func @main(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
      return %x : tensor<2x?xf32>
    })mlir";
  EXPECT_TRUE(failed(run(program, {f32({3, 2}, {1, 2, 3, 4, 5, 6})})));
  EXPECT_NE(diagnostics.find("argument #0 is a tensor<3x2xf32> but "
                             "'tensor<2x?xf32>' is expected"),
            std::string::npos)
      << diagnostics;
  diagnostics.clear();
  HostTensor i32(ElementKind::I32, {2, 2});
  EXPECT_TRUE(failed(run(program, {i32})));
  EXPECT_NE(diagnostics.find("tensor<2x2xi32>"), std::string::npos);
  diagnostics.clear();
  EXPECT_TRUE(failed(run(program, {})));
  EXPECT_NE(diagnostics.find("takes 1 argument(s) but 0 were given"),
            std::string::npos);
}

TEST_F(InterpreterTest, RuntimeShapeMismatchIsReportedAtTheOp) {
  auto results = run(R"mlir(
    func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
      %z = meld.add %x, %y : tensor<?xf32>
      return %z : tensor<?xf32>
    })mlir",
                     {f32({2}, {1, 2}), f32({3}, {1, 2, 3})});
  EXPECT_TRUE(failed(results));
  EXPECT_NE(diagnostics.find("'meld.add' op elementwise operands: shapes [2] "
                             "and [3] differ"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterTest, IntegerDivisionByZeroIsAnError) {
  HostTensor a(ElementKind::I32, {2}), b(ElementKind::I32, {2});
  a.setInt(0, 4);
  b.setInt(0, 2);
  auto results = run(R"mlir(
    func.func @main(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
      %c = meld.div %a, %b : tensor<2xi32>
      return %c : tensor<2xi32>
    })mlir",
                     {a, b});
  EXPECT_TRUE(failed(results));
  EXPECT_NE(diagnostics.find("integer division by zero"), std::string::npos);
}

TEST_F(InterpreterTest, HugeDynamicSizeIsRefusedNotAllocated) {
  auto results = run(R"mlir(
    func.func @main() -> tensor<?x?xf32> {
      %n = arith.constant 100000000 : index
      %z = meld.iota dim = 0 sizes(%n, %n) : tensor<?x?xf32>
      return %z : tensor<?x?xf32>
    })mlir",
                     {});
  EXPECT_TRUE(failed(results));
  EXPECT_NE(diagnostics.find("more than"), std::string::npos) << diagnostics;
}

TEST_F(InterpreterTest, UnknownFunctionIsAnError) {
  module = parse("func.func @f() { return }");
  ASSERT_TRUE(module);
  meld::Interpreter interpreter(*module);
  EXPECT_TRUE(failed(interpreter.run("nope", {})));
  EXPECT_NE(diagnostics.find("no function named 'nope'"), std::string::npos);
}

// meld.dim binds a value read from another value in the same map; with
// enough values defined before it, the insertion rehashes the map. Run over
// many program sizes so that one of them rehashes exactly there (found by
// fuzzing under AddressSanitizer as a use after free).
TEST_F(InterpreterTest, DimSurvivesRehashOfTheValueMap) {
  for (int n = 1; n <= 80; ++n) {
    std::string body;
    for (int i = 0; i < n; ++i)
      body += "  %v" + std::to_string(i) + " = meld.neg %x : tensor<?xf32>\n";
    std::string program =
        "func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {\n" + body +
        "  %n = meld.dim %v0, 0 : tensor<?xf32>\n"
        "  %r = meld.reshape %v0 sizes(%n) : tensor<?xf32> -> tensor<?xf32>\n"
        "  return %r : tensor<?xf32>\n}\n";
    auto results = run(program, {f32({3}, {1, 2, 3})});
    ASSERT_TRUE(succeeded(results)) << diagnostics;
    EXPECT_EQ((*results)[0].floatData(), (std::vector<double>{-1, -2, -3}));
  }
}
