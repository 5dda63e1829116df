//===- SplitHostModule.cpp - Host code in parts compiled in parallel ------===//
//
// Groups a module's external definitions by what they reference (a kernel's
// entry point, its C interface and its body form one group; a foreach
// kernel's entry point and all its bodies another), weighs each group by its
// instructions and those of the local functions it reaches, and deals the
// groups out to the lightest part, largest first.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Host/SplitHostModule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

using llvm::GlobalValue;

namespace {

/// Definitions that must be compiled in the same part, and their size.
struct Group {
  std::vector<const GlobalValue *> members;
  /// The local definitions its members reach (copied into its part).
  llvm::SmallPtrSet<const GlobalValue *, 16> locals;
  uint64_t instructions = 0;
  /// The least member name: orders groups of equal size.
  std::string name;
};

/// Calls `visit` on every global value that `constant` refers to, looking
/// through constant expressions and aggregates.
void forEachGlobalIn(const llvm::Constant *constant,
                     llvm::SmallPtrSetImpl<const llvm::Constant *> &seen,
                     llvm::function_ref<void(const GlobalValue *)> visit) {
  if (const auto *gv = llvm::dyn_cast<GlobalValue>(constant)) {
    visit(gv);
    return;
  }
  if (!seen.insert(constant).second)
    return;
  for (const llvm::Use &operand : constant->operands())
    if (const auto *c = llvm::dyn_cast<llvm::Constant>(operand.get()))
      forEachGlobalIn(c, seen, visit);
}

/// Calls `visit` on every global value that the body or initializer of `gv`
/// refers to (an alias's aliasee, an ifunc's resolver).
void forEachReference(const GlobalValue *gv,
                      llvm::function_ref<void(const GlobalValue *)> visit) {
  llvm::SmallPtrSet<const llvm::Constant *, 16> seen;
  if (const auto *alias = llvm::dyn_cast<llvm::GlobalAlias>(gv)) {
    forEachGlobalIn(alias->getAliasee(), seen, visit);
    return;
  }
  if (const auto *ifunc = llvm::dyn_cast<llvm::GlobalIFunc>(gv)) {
    forEachGlobalIn(ifunc->getResolver(), seen, visit);
    return;
  }
  if (const auto *f = llvm::dyn_cast<llvm::Function>(gv)) {
    for (const llvm::Instruction &inst : llvm::instructions(f))
      for (const llvm::Use &operand : inst.operands())
        if (const auto *c = llvm::dyn_cast<llvm::Constant>(operand.get()))
          forEachGlobalIn(c, seen, visit);
    return;
  }
  if (const auto *var = llvm::dyn_cast<llvm::GlobalVariable>(gv))
    if (var->hasInitializer())
      forEachGlobalIn(var->getInitializer(), seen, visit);
}

bool isMutableVariable(const GlobalValue *gv) {
  const auto *var = llvm::dyn_cast<llvm::GlobalVariable>(gv);
  return var && !var->isConstant();
}

/// The module's groups, largest first (then by name).
std::vector<Group> findGroups(const llvm::Module &module) {
  llvm::EquivalenceClasses<const GlobalValue *> classes;
  llvm::DenseMap<const GlobalValue *, uint64_t> sizes;
  llvm::DenseMap<const GlobalValue *, std::vector<const GlobalValue *>> reaches;
  for (const GlobalValue &root : module.global_values()) {
    if (root.isDeclaration() || root.hasLocalLinkage())
      continue;
    classes.insert(&root);
    // Whatever the root reaches through local symbols is compiled with it.
    llvm::SmallPtrSet<const GlobalValue *, 16> reached{&root};
    llvm::SmallVector<const GlobalValue *> worklist{&root};
    uint64_t instructions = 0;
    while (!worklist.empty()) {
      const GlobalValue *gv = worklist.pop_back_val();
      if (const auto *f = llvm::dyn_cast<llvm::Function>(gv))
        instructions += f->getInstructionCount();
      forEachReference(gv, [&](const GlobalValue *ref) {
        if (ref->isDeclaration())
          return;
        // Another external definition, or a local one that must exist
        // once: the same part.
        if (!ref->hasLocalLinkage() || isMutableVariable(ref))
          classes.unionSets(&root, ref);
        if (ref->hasLocalLinkage() && reached.insert(ref).second)
          worklist.push_back(ref);
      });
    }
    sizes[&root] = instructions;
    reached.erase(&root);
    reaches[&root].assign(reached.begin(), reached.end());
  }
  std::vector<Group> groups;
  for (const auto &leader : classes) {
    if (!leader->isLeader())
      continue;
    Group group;
    for (auto it = classes.member_begin(*leader); it != classes.member_end();
         ++it) {
      const GlobalValue *gv = *it;
      group.members.push_back(gv);
      group.instructions += sizes.lookup(gv);
      auto reach = reaches.find(gv);
      if (reach != reaches.end())
        group.locals.insert(reach->second.begin(), reach->second.end());
      std::string name = gv->getName().str();
      if (group.name.empty() || name < group.name)
        group.name = std::move(name);
    }
    groups.push_back(std::move(group));
  }
  llvm::sort(groups, [](const Group &a, const Group &b) {
    return std::tie(b.instructions, a.name) < std::tie(a.instructions, b.name);
  });
  return groups;
}

/// Erases the local definitions and the declarations nothing in `module`
/// uses (what another part defines and this part's groups do not reach).
void eraseUnused(llvm::Module &module) {
  for (bool erased = true; erased;) {
    erased = false;
    std::vector<GlobalValue *> unused;
    for (GlobalValue &gv : module.global_values()) {
      if (!gv.hasLocalLinkage() && !gv.isDeclaration())
        continue;
      gv.removeDeadConstantUsers();
      if (gv.use_empty())
        unused.push_back(&gv);
    }
    for (GlobalValue *gv : unused) {
      gv->eraseFromParent();
      erased = true;
    }
  }
}

} // namespace

unsigned meld::codegen::countHostParts(const llvm::Module &module,
                                       unsigned requested, unsigned threads) {
  std::vector<Group> groups = findGroups(module);
  unsigned most = std::max<size_t>(1, groups.size());
  if (requested)
    return std::min(requested, most);
  uint64_t instructions = 0;
  for (const Group &group : groups)
    instructions += group.instructions;
  uint64_t paying = std::max<uint64_t>(
      1, instructions / kMinInstructionsPerHostPart);
  return static_cast<unsigned>(
      std::min<uint64_t>({std::max(1u, threads), most, paying}));
}

llvm::SmallVector<std::unique_ptr<llvm::Module>>
meld::codegen::splitHostModule(const llvm::Module &module, unsigned parts) {
  std::vector<Group> groups = findGroups(module);
  parts = std::max<unsigned>(
      1, std::min<size_t>(parts, std::max<size_t>(1, groups.size())));
  // Largest group first, each to the part with the fewest instructions so
  // far (the lowest index among equals).
  using Load = std::pair<uint64_t, unsigned>;
  std::priority_queue<Load, std::vector<Load>, std::greater<Load>> loads;
  for (unsigned p = 0; p < parts; ++p)
    loads.push({0, p});
  llvm::DenseMap<const GlobalValue *, unsigned> partOf;
  // The parts each local definition is copied into (those whose groups
  // reach it).
  llvm::DenseMap<const GlobalValue *, llvm::SmallVector<bool>> localParts;
  for (const Group &group : groups) {
    auto [load, part] = loads.top();
    loads.pop();
    for (const GlobalValue *gv : group.members)
      partOf[gv] = part;
    for (const GlobalValue *gv : group.locals) {
      llvm::SmallVector<bool> &in = localParts[gv];
      in.resize(parts, false);
      in[part] = true;
    }
    loads.push({load + group.instructions, part});
  }
  llvm::SmallVector<std::unique_ptr<llvm::Module>> result;
  for (unsigned p = 0; p < parts; ++p) {
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> part =
        llvm::CloneModule(module, map, [&](const GlobalValue *gv) {
          auto it = partOf.find(gv);
          if (it != partOf.end())
            return it->second == p;
          // Local functions and constants: in each part whose groups
          // reach them.
          auto local = localParts.find(gv);
          return local != localParts.end() && local->second[p];
        });
    eraseUnused(*part);
    result.push_back(std::move(part));
  }
  return result;
}
