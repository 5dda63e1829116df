//===- HostPipeline.cpp - Kernels to host object code ---------------------===//
//
// The host back end: linalg on buffers -> loops -> LLVM dialect -> LLVM IR
// -> optimized object code, with one uniform entry point per kernel so the
// runtime can call any kernel through the same function-pointer type; and
// compileHost, the host target of compileToBundle (Common/Compiler.cpp).
// The shared kernel pipeline (meld -> linalg -> buffers) is in
// Common/BufferPipeline.cpp.
//
//===----------------------------------------------------------------------===//

#include "Host/CompileHost.h"

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Host/ForeachKernels.h"
#include "meld/Codegen/Host/HostTuning.h"
#include "meld/Codegen/Host/SplitHostModule.h"
#include "meld/Codegen/Passes.h"
#include "meld/Support/HostThreads.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace mlir;
using llvm::json::Object;

void meld::codegen::buildHostLLVMPipeline(OpPassManager &pm,
                                          const HostTarget &target,
                                          const HostGemmTiles &tiles,
                                          bool strictFp, bool portableExp) {
  MeldVectorizeHostContractionsOptions contractions;
  contractions.fusedMultiplyAdd = !strictFp;
  contractions.tileRows = tiles.tileRows;
  contractions.tileCols = tiles.tileCols;
  contractions.kBlock = tiles.kBlock;
  contractions.wideTileRows = wideTileRows(target, tiles);
  contractions.transposedKBlock = transposedKBlock(target, tiles);
  contractions.panelBlockBytes = panelBlockBytes(target);
  contractions.outputChunkBytes = outputChunkBytes(target);
  contractions.vectorRegisters = target.vectorRegisters();
  contractions.transposedDotColumns = transposedDotColumns(target);
  contractions.swappedRows = f32SwappedRows(target);
  bool amx = usesAmx(target, strictFp);
  contractions.amx = amx;
  contractions.amxInt8 = amx && target.hasFeature("amx-int8");
  // With AMX, the dots take a decode step's few rows of `x @ W^T`.
  bool bf16Dots = usesAvx512Bf16Dots(target, strictFp);
  contractions.avx512Bf16Dots = bf16Dots;
  pm.addNestedPass<func::FuncOp>(
      createMeldVectorizeHostContractions(contractions));
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createMeldLowerStridedCopies());
  pm.addNestedPass<func::FuncOp>(createMeldVectorizeHostCopies());
  MeldVectorizeHostWindowsOptions windows;
  windows.vectorBits = target.hasFeature("avx512f") ? 512 : 256;
  MeldVectorizeHostTapsOptions taps;
  taps.vectorBits = windows.vectorBits;
  // One vector of sums per output, with room for the loads: 16 of 32
  // registers, 12 of AVX2's 16.
  taps.maxAccumulators = target.vectorRegisters() == 32 ? 16 : 12;
  pm.addNestedPass<func::FuncOp>(createMeldVectorizeHostTaps(taps));
  MeldVectorizeHostOuterProductsOptions outerProducts;
  outerProducts.vectorBits = windows.vectorBits;
  // Sums, the shared input's vectors and a broadcast: 6 x 4 tiles, 24 + 4
  // + 1 of 32 registers; 6 x 2 with AVX2, 12 + 2 + 1 of 16.
  outerProducts.maxAccumulators = target.vectorRegisters() == 32 ? 24 : 12;
  pm.addNestedPass<func::FuncOp>(
      createMeldVectorizeHostOuterProducts(outerProducts));
  pm.addNestedPass<func::FuncOp>(createMeldVectorizeHostWindows(windows));
  pm.addNestedPass<func::FuncOp>(createMeldCollapseHostLoops());
  MeldVectorizeHostRowsOptions rows;
  rows.vectorBits = windows.vectorBits;
  pm.addNestedPass<func::FuncOp>(createMeldVectorizeHostRows(rows));
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addNestedPass<func::FuncOp>(createMeldPrefetchNextTile());
  pm.addNestedPass<func::FuncOp>(createMeldLowerHostChecks());
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass());
  // Unrolled, an n-D transfer is n-1 levels of 1-D transfers and vector
  // inserts/extracts; the default lowering goes through a stack buffer
  // that LLVM cannot always promote to registers, and inside a loop that
  // buffer is a dynamic alloca that grows the stack every iteration.
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  if (!strictFp) {
    MeldApproximateMathOptions math;
    // vscalefps: ldexp in one instruction.
    math.expByLdexp = !portableExp && target.hasFeature("avx512f");
    math.expTwoStep = !math.expByLdexp;
    pm.addNestedPass<func::FuncOp>(createMeldApproximateMath(math));
  }
  // Casts from f64 to halves without compiler-rt calls (correctly rounded
  // either way, so also under strictFp).
  pm.addNestedPass<func::FuncOp>(createMeldExpandHalfTruncs());
  pm.addPass(createMeldLowerDynamicExpandShapes());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // Packed transposed panels move in 16 x 16 tiles
  // (meld-vectorize-host-contractions): in-register shuffles, where the
  // default took every element out and put it back one at a time.
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  vectorToLLVM.vectorTransposeLowering =
      vector::VectorTransposeLowering::Shuffle16x16;
  vectorToLLVM.amx = amx;
  vectorToLLVM.x86Vector = bf16Dots;
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// Adds `i32 meld_kernel_K(ptr args, i64 begin, i64 end)` for every
/// kernel's C interface `_mlir_ciface_K(...)`: argument i is read from
/// args[i] (a memref descriptor pointer, or a pointer to an int64 index
/// value), then come the block range and the status cell
/// (meld-lower-host-checks), which starts at 0 and is returned.
static void addUniformEntryPoints(llvm::Module &module,
                                  ArrayRef<std::string> kernels) {
  llvm::LLVMContext &ctx = module.getContext();
  llvm::Type *ptr = llvm::PointerType::getUnqual(ctx);
  llvm::Type *i64 = llvm::Type::getInt64Ty(ctx);
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  for (const std::string &name : kernels) {
    llvm::Function *target = module.getFunction("_mlir_ciface_" + name);
    if (!target)
      continue;
    auto *type = llvm::FunctionType::get(i32, {ptr, i64, i64}, false);
    auto *entry =
        llvm::Function::Create(type, llvm::Function::ExternalLinkage,
                               meld::codegen::hostEntryName(name), module);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", entry));
    llvm::Value *args = entry->getArg(0);
    llvm::Value *status = b.CreateAlloca(i32);
    b.CreateStore(b.getInt32(0), status);
    SmallVector<llvm::Value *> callArgs;
    unsigned n = target->arg_size();
    for (unsigned i = 0; i + 3 < n; ++i) {
      llvm::Value *slot = b.CreateConstGEP1_64(ptr, args, i);
      llvm::Value *p = b.CreateLoad(ptr, slot);
      llvm::Type *t = target->getArg(i)->getType();
      callArgs.push_back(t->isPointerTy() ? p : b.CreateLoad(t, p));
    }
    callArgs.push_back(entry->getArg(1));
    callArgs.push_back(entry->getArg(2));
    callArgs.push_back(status);
    b.CreateCall(target, callArgs);
    b.CreateRet(b.CreateLoad(i32, status));
  }
}

/// Adds `i32 meld_kernel_K(ptr args, i64 begin, i64 end)` for every
/// foreach kernel K: parts run one after another in one flat space of
/// blocks, found through constant tables (each part's first block, body,
/// element count and arguments). A part in [begin, end) calls its body's
/// C interface on the blocks it covers, with each flattened argument's
/// descriptor rebuilt as a 1-D one over the whole buffer.
static LogicalResult
addForeachEntryPoints(llvm::Module &module,
                      ArrayRef<meld::codegen::ForeachKernel> kernels,
                      std::string &error) {
  llvm::LLVMContext &ctx = module.getContext();
  llvm::Type *ptr = llvm::PointerType::getUnqual(ctx);
  llvm::Type *i64 = llvm::Type::getInt64Ty(ctx);
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  // A 1-D memref descriptor: allocated and aligned pointers, offset, size
  // and stride; every descriptor starts with the first three.
  llvm::Type *desc1d = llvm::StructType::get(ctx, {ptr, ptr, i64, i64, i64});
  auto table = [&](llvm::Type *type, ArrayRef<int64_t> values,
                   const Twine &name) {
    SmallVector<llvm::Constant *> elements;
    for (int64_t v : values)
      elements.push_back(llvm::ConstantInt::get(type, v));
    auto *arrayType = llvm::ArrayType::get(type, values.size());
    return new llvm::GlobalVariable(
        module, arrayType, /*isConstant=*/true,
        llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantArray::get(arrayType, elements), name);
  };
  for (const meld::codegen::ForeachKernel &kernel : kernels) {
    SmallVector<llvm::Function *> bodies;
    size_t maxFlat = 1;
    for (const meld::codegen::ForeachBody &body : kernel.bodies) {
      llvm::Function *f = module.getFunction("_mlir_ciface_" + body.name);
      if (!f || f->arg_size() != body.flattened.size() + 3) {
        error = "foreach body " + body.name + " has no matching C interface";
        return failure();
      }
      bodies.push_back(f);
      maxFlat = std::max(maxFlat, body.flattened.size());
    }
    SmallVector<int64_t> starts{0}, bodyOf, elements, argBase, args;
    for (const meld::codegen::ForeachPart &part : kernel.parts) {
      starts.push_back(starts.back() + kernel.blocks(part));
      bodyOf.push_back(part.body);
      elements.push_back(part.elements);
      argBase.push_back(args.size());
      llvm::append_range(args, part.args);
    }
    std::string prefix = "__meld_foreach_" + kernel.name;
    llvm::GlobalVariable *startTable = table(i64, starts, prefix + "_starts");
    llvm::GlobalVariable *bodyTable = table(i32, bodyOf, prefix + "_bodies");
    llvm::GlobalVariable *elementTable =
        table(i64, elements, prefix + "_elements");
    llvm::GlobalVariable *baseTable = table(i32, argBase, prefix + "_base");
    llvm::GlobalVariable *argTable = table(i32, args, prefix + "_args");

    auto *type = llvm::FunctionType::get(i32, {ptr, i64, i64}, false);
    auto *entry = llvm::Function::Create(
        type, llvm::Function::ExternalLinkage,
        meld::codegen::hostEntryName(kernel.name), module);
    llvm::Value *argv = entry->getArg(0);
    llvm::Value *begin = entry->getArg(1), *end = entry->getArg(2);
    auto block = [&](const Twine &name) {
      return llvm::BasicBlock::Create(ctx, name, entry);
    };
    llvm::BasicBlock *start = block("entry"), *header = block("header"),
                     *check = block("check"), *run = block("run"),
                     *latch = block("latch"), *exit = block("exit");
    llvm::IRBuilder<> b(start);
    llvm::Value *status = b.CreateAlloca(i32);
    b.CreateStore(b.getInt32(0), status);
    llvm::Value *descs =
        b.CreateAlloca(llvm::ArrayType::get(desc1d, maxFlat));
    b.CreateBr(header);

    b.SetInsertPoint(header);
    llvm::PHINode *j = b.CreatePHI(i64, 2);
    j->addIncoming(b.getInt64(0), start);
    b.CreateCondBr(b.CreateICmpSLT(j, b.getInt64(kernel.parts.size())),
                   check, exit);

    b.SetInsertPoint(check);
    auto load = [&](llvm::GlobalVariable *t, llvm::Type *elt, llvm::Value *i) {
      return b.CreateLoad(elt, b.CreateInBoundsGEP(
                                   t->getValueType(), t, {b.getInt64(0), i}));
    };
    llvm::Value *first = load(startTable, i64, j);
    llvm::Value *next = load(startTable, i64, b.CreateAdd(j, b.getInt64(1)));
    // Parts are in block order: none after one that starts at `end` runs.
    llvm::BasicBlock *overlap = block("overlap");
    b.CreateCondBr(b.CreateICmpSGE(first, end), exit, overlap);
    b.SetInsertPoint(overlap);
    b.CreateCondBr(b.CreateICmpSGT(next, begin), run, latch);

    b.SetInsertPoint(run);
    llvm::Value *lo = b.CreateSub(begin, first);
    lo = b.CreateSelect(b.CreateICmpSGT(lo, b.getInt64(0)), lo,
                        b.getInt64(0));
    llvm::Value *last = b.CreateSelect(b.CreateICmpSLT(end, next), end, next);
    llvm::Value *hi = b.CreateSub(last, first);
    llvm::Value *count = load(elementTable, i64, j);
    llvm::Value *base =
        b.CreateSExt(load(baseTable, i32, j), i64);
    llvm::SwitchInst *dispatch =
        b.CreateSwitch(load(bodyTable, i32, j), latch, bodies.size());
    for (auto [index, body] : llvm::enumerate(kernel.bodies)) {
      llvm::BasicBlock *call = block("body" + Twine(index));
      dispatch->addCase(b.getInt32(index), call);
      b.SetInsertPoint(call);
      SmallVector<llvm::Value *> callArgs;
      for (auto [i, flat] : llvm::enumerate(body.flattened)) {
        llvm::Value *slot = b.CreateSExt(
            load(argTable, i32, b.CreateAdd(base, b.getInt64(i))), i64);
        llvm::Value *given =
            b.CreateLoad(ptr, b.CreateInBoundsGEP(ptr, argv, slot));
        if (!flat) {
          callArgs.push_back(given);
          continue;
        }
        llvm::Value *d = b.CreateInBoundsGEP(
            llvm::ArrayType::get(desc1d, maxFlat), descs,
            {b.getInt64(0), b.getInt64(i)});
        for (unsigned field = 0; field < 3; ++field) {
          llvm::Type *t = field < 2 ? ptr : i64;
          b.CreateStore(
              b.CreateLoad(t, b.CreateStructGEP(desc1d, given, field)),
              b.CreateStructGEP(desc1d, d, field));
        }
        b.CreateStore(count, b.CreateStructGEP(desc1d, d, 3));
        b.CreateStore(b.getInt64(1), b.CreateStructGEP(desc1d, d, 4));
        callArgs.push_back(d);
      }
      callArgs.push_back(lo);
      callArgs.push_back(hi);
      callArgs.push_back(status);
      b.CreateCall(bodies[index], callArgs);
      b.CreateBr(latch);
    }

    b.SetInsertPoint(latch);
    llvm::Value *step = b.CreateAdd(j, b.getInt64(1));
    j->addIncoming(step, latch);
    b.CreateBr(header);

    b.SetInsertPoint(exit);
    b.CreateRet(b.CreateLoad(i32, status));
  }
  return success();
}

/// A target machine for `object`'s triple, CPU and features, or null with
/// `error` set.
static std::unique_ptr<llvm::TargetMachine>
createHostMachine(const meld::codegen::HostObject &object, unsigned optLevel,
                  std::string &error) {
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(object.triple), error);
  if (!target) {
    error =
        "no LLVM target for the host triple '" + object.triple + "': " + error;
    return nullptr;
  }
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      llvm::Triple(object.triple), object.cpu, object.features, targetOptions,
      llvm::Reloc::PIC_, std::nullopt,
      optLevel >= 3 ? llvm::CodeGenOptLevel::Aggressive
                    : llvm::CodeGenOptLevel::Default));
  if (!machine)
    error = "LLVM cannot make a target machine for '" + object.triple +
            "', CPU '" + object.cpu + "'";
  return machine;
}

/// Optimizes `module` and emits its object code into `object` (and its
/// assembly, with `assembly`). Returns what failed, or "".
static std::string optimizeAndEmit(llvm::Module &module,
                                   llvm::TargetMachine &machine,
                                   unsigned optLevel, std::string *assembly,
                                   std::string &object) {
  auto optimize = makeOptimizingTransformer(optLevel, 0, &machine);
  if (llvm::Error err = optimize(&module))
    return "LLVM optimization failed: " + llvm::toString(std::move(err));
  // The assembly first: emitting consumes nothing, but each emission needs
  // its own pass manager.
  if (assembly) {
    std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
    llvm::raw_string_ostream text(*assembly);
    llvm::buffer_ostream buffered(text);
    llvm::legacy::PassManager asmCodegen;
    if (machine.addPassesToEmitFile(asmCodegen, buffered, nullptr,
                                    llvm::CodeGenFileType::AssemblyFile))
      return "the host target cannot emit assembly";
    asmCodegen.run(*copy);
  }
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr,
                                  llvm::CodeGenFileType::ObjectFile))
    return "the host target cannot emit object files";
  codegen.run(module);
  object.assign(buffer.begin(), buffer.end());
  return "";
}

/// Compiles `module` in `parts` parts (splitHostModule), each on its own
/// thread, into an archive of their objects in `result`. Returns what
/// failed, or "".
static std::string emitInParts(llvm::Module &module, unsigned parts,
                               unsigned optLevel, std::string *assembly,
                               meld::codegen::HostObject &result) {
  // A context serves one thread at a time: each part crosses into its own
  // as bitcode, as LLVM's parallel LTO code generation does.
  std::vector<llvm::SmallVector<char, 0>> bitcode;
  for (std::unique_ptr<llvm::Module> &part :
       meld::codegen::splitHostModule(module, parts)) {
    llvm::raw_svector_ostream os(bitcode.emplace_back());
    llvm::WriteBitcodeToFile(*part, os);
  }
  size_t count = bitcode.size();
  std::vector<std::string> objects(count), texts(count), errors(count);
  {
    llvm::StdThreadPool pool(llvm::hardware_concurrency(count));
    for (size_t i = 0; i < count; ++i)
      pool.async([&, i] {
        llvm::LLVMContext context;
        llvm::Expected<std::unique_ptr<llvm::Module>> part =
            llvm::parseBitcodeFile(
                llvm::MemoryBufferRef(
                    StringRef(bitcode[i].data(), bitcode[i].size()), "part"),
                context);
        if (!part) {
          errors[i] = llvm::toString(part.takeError());
          return;
        }
        std::unique_ptr<llvm::TargetMachine> machine =
            createHostMachine(result, optLevel, errors[i]);
        if (!machine)
          return;
        errors[i] = optimizeAndEmit(**part, *machine, optLevel,
                                    assembly ? &texts[i] : nullptr, objects[i]);
      });
    pool.wait();
  }
  for (const std::string &error : errors)
    if (!error.empty())
      return error;
  if (assembly)
    for (const std::string &text : texts)
      *assembly += text;
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i)
    names.push_back("part" + std::to_string(i) + ".o");
  std::vector<llvm::NewArchiveMember> members;
  for (size_t i = 0; i < count; ++i)
    members.emplace_back(llvm::MemoryBufferRef(objects[i], names[i]));
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> archive =
      llvm::writeArchiveToBuffer(members, llvm::SymtabWritingMode::NoSymtab,
                                 llvm::object::Archive::K_GNU,
                                 /*Deterministic=*/true, /*Thin=*/false);
  if (!archive)
    return "cannot archive the host objects: " +
           llvm::toString(archive.takeError());
  result.object = (*archive)->getBuffer().str();
  result.format = "elf-archive";
  return "";
}

FailureOr<meld::codegen::HostObject>
meld::codegen::emitHostObject(ModuleOp llvmModule, const HostTarget &host,
                              unsigned optLevel, std::string *assembly,
                              ArrayRef<ForeachKernel> foreach, unsigned parts) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  HostObject result;
  result.triple = host.triple;
  result.cpu = host.cpu;
  result.features = host.featureString();
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine =
      createHostMachine(result, optLevel, error);
  if (!machine)
    return llvmModule.emitError(error);

  SmallVector<std::string> kernels;
  for (auto func : llvmModule.getOps<LLVM::LLVMFuncOp>())
    if (func->hasAttr(kKernelAttrName))
      kernels.push_back(func.getSymName().str());

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(llvmModule, context, "meld_host_kernels");
  if (!module)
    return llvmModule.emitError(
        "translation of host kernels to LLVM IR failed");
  module->setTargetTriple(llvm::Triple(result.triple));
  module->setDataLayout(machine->createDataLayout());
  addUniformEntryPoints(*module, kernels);
  // No two buffers a kernel is given overlap (the runtime refuses an output
  // that overlaps an argument, and plans its own buffers apart), except a
  // result written in place of a donated argument (meld.donate), and then
  // exactly: the donation check (Common/Schedule.cpp) admits only a result
  // computed element by element from the argument's element at the same
  // index, which nothing else reads. Loads of an element come before the
  // store that depends on them whatever LLVM assumes, so every pointer
  // argument of a kernel and of a foreach body is noalias. Without it, LLVM
  // vectorizes a loop behind a runtime overlap check that sends an in-place
  // update to the scalar loop: 2.2x slower than out of place for a foreach
  // body, 2x for an Adagrad step over one parameter.
  SmallVector<std::string> restricted = kernels;
  for (const ForeachKernel &kernel : foreach)
    for (const ForeachBody &body : kernel.bodies)
      restricted.push_back(body.name);
  for (const std::string &name : restricted)
    if (llvm::Function *f = module->getFunction(name))
      for (llvm::Argument &arg : f->args())
        if (arg.getType()->isPointerTy())
          arg.addAttr(llvm::Attribute::NoAlias);
  std::string foreachError;
  if (failed(addForeachEntryPoints(*module, foreach, foreachError)))
    return llvmModule.emitError(foreachError);
  // LLVM keeps to 256-bit vectors on AVX-512 CPUs unless told otherwise
  // (older cores clocked down on 512-bit code). Kernels are long vector
  // loops, where 512-bit vectors halve the instructions of exp, tanh and
  // the reductions: measured 1.4-1.7x on softmax and GELU (performance.md).
  if (machine->getMCSubtargetInfo()->checkFeatures("+avx512f"))
    for (llvm::Function &f : *module)
      if (!f.isDeclaration())
        f.addFnAttr("prefer-vector-width", "512");

  // Assembly asked for reads in the program's order: one part, unless parts
  // are asked for too (each part's kernels then follow the last part's, and
  // the text, parts with their own local labels, is for reading only). By
  // default the parts follow the compiling machine's threads: bundles of
  // one program compiled on different machines may differ in their parts,
  // never in what they compute.
  if (assembly && parts == 0)
    parts = 1;
  parts = countHostParts(*module, parts, meld::defaultHostThreads());
  error = parts > 1 ? emitInParts(*module, parts, optLevel, assembly, result)
                    : optimizeAndEmit(*module, *machine, optLevel, assembly,
                                      result.object);
  if (!error.empty())
    return llvmModule.emitError(error);
  return result;
}

FailureOr<Object> meld::codegen::compileHost(ModuleOp outlined,
                                             bundle::Bundle &bundle,
                                             const CompileOptions &options,
                                             KernelBlocks &blocks) {
  llvm::Expected<HostTarget> target =
      HostTarget::get(options.hostCpu, options.hostFeatures);
  if (!target)
    return mlir::emitError(outlined.getLoc(), llvm::toString(target.takeError()));
  HostGemmTiles tiles;
  if (options.hostGemmTiles) {
    tiles = *options.hostGemmTiles;
    if (std::optional<std::string> invalid = validateGemmTiles(tiles, *target))
      return mlir::emitError(outlined.getLoc(), "host GEMM tiles ")
             << tiles.str() << ": " << *invalid;
    tiles.source = "given";
  } else if (options.hostTuningFile == "none") {
    tiles = defaultGemmTiles(*target);
  } else {
    tiles = resolveGemmTiles(
        *target, options.hostTuningFile,
        [&](const std::string &warning) {
          mlir::emitWarning(outlined.getLoc(), warning);
        });
  }
  OwningOpRef<ModuleOp> module = outlined.clone();
  keepKernelsOnly(*module);
  bool emulate = options.emulateGpuOnHost;
  // Many parts of the same computation: one body each, and a table.
  std::vector<ForeachKernel> foreach;
  if (!emulate)
    foreach = formForeachKernels(*module);
  if (failed(runPipeline(*module, "host", options, [&](OpPassManager &pm) {
        codegen::buildKernelBufferPipeline(
            pm,
            emulate ? codegen::BlockTiling::Gpu : codegen::BlockTiling::Host,
            /*deallocate=*/!emulate, options.strictFp, &tiles,
            options.hostThreads > 0 ? options.hostThreads : target->threads,
            codegen::bf16ContractionRows(*target, options.strictFp),
            codegen::bf16SwappedRows(*target, options.strictFp),
            codegen::bf16ColumnBlockRows(*target, options.strictFp),
            codegen::f32ColumnBlockRows(*target));
      })))
    return failure();
  if (emulate &&
      failed(runPipeline(*module, "host", options, [&](OpPassManager &pm) {
        MeldMapToGpuOptions map;
        map.emulate = true;
        map.mfma = options.emulateMfma;
        map.mmaSync = options.emulateMmaSync;
        map.blockSize = codegen::kGpuBlockSize;
        map.gridStrideLimit = options.gpuGridStrideLimit;
        pm.addPass(createMeldMapToGpu(map));
        pm.addPass(createCanonicalizerPass());
        bufferization::buildBufferDeallocationPipeline(pm);
      })))
    return failure();
  blocks.collect(*module);
  for (ForeachKernel &kernel : foreach) {
    for (ForeachBody &body : kernel.bodies)
      body.elementsPerBlock = blocks.rows.lookup(body.name);
    auto &record = blocks.parts[kernel.name];
    for (const ForeachPart &part : kernel.parts)
      record.push_back({part.output,
                        kernel.bodies[part.body].elementsPerBlock,
                        part.outputRank, 0});
  }
  if (failed(runPipeline(*module, "host", options, [&](OpPassManager &pm) {
        codegen::buildHostLLVMPipeline(pm, *target, tiles, options.strictFp,
                                       options.portableHostExp);
      })))
    return failure();
  FailureOr<codegen::HostObject> object = codegen::emitHostObject(
      *module, *target, options.optLevel, options.hostAssembly, foreach,
      options.hostCodegenParts);
  if (failed(object))
    return failure();
  int64_t blob = bundle.addBlob(std::move(object->object));
  return Object{
      {"target", "host"},
      {"format", object->format},
      {"triple", object->triple},
      {"cpu", object->cpu},
      {"features", object->features},
      {"gemm_tiles",
       Object{{"tile_rows", tiles.tileRows},
              {"tile_cols", tiles.tileCols},
              {"k_block", tiles.kBlock},
              {"block_rows", tiles.blockRows},
              {"wide_tile_rows", wideTileRows(*target, tiles)},
              {"transposed_k_block", transposedKBlock(*target, tiles)},
              {"f32_column_block_rows", f32ColumnBlockRows(*target)},
              {"f32_swapped_rows", f32SwappedRows(*target)},
              {"output_chunk_bytes", outputChunkBytes(*target)},
              {"source", tiles.source}}},
      {"blob", blob}};
}
