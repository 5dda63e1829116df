// Host code in parts: with --host-codegen-parts=N the kernels are dealt into
// up to N parts (never more than there are independent kernels), each
// optimized and emitted on a thread of its own into an object, and the bundle
// holds an `ar` archive of them ("elf-archive"). One part, or one kernel,
// gives a lone object as before. The assembly holds every part's kernels.
// meld-run loads the archive and runs it like the lone object, to the
// interpreter's printed results.

// RUN: meld-compile %s --targets=host --no-fuse --host-codegen-parts=2 --print-metadata -o %t.two.meldb | FileCheck %s --check-prefix=TWO
// RUN: meld-compile %s --targets=host --no-fuse --host-codegen-parts=1 --print-metadata -o %t.one.meldb | FileCheck %s --check-prefix=ONE
// RUN: meld-compile %s --targets=host --no-fuse --host-codegen-parts=2 --host-asm=- -o %t.asm.meldb | FileCheck %s --check-prefix=ASM
// RUN: meld-compile %s --targets=host --no-fuse --host-codegen-parts=2 --dump-binaries=%t.dump -o %t.dump.meldb
// RUN: llvm-ar t %t.dump/host.a | FileCheck %s --check-prefix=MEMBERS
// RUN: meld-run %t.two.meldb --random-inputs --seed 5 > %t.two.out
// RUN: meld-run %t.one.meldb --random-inputs --seed 5 > %t.one.out
// RUN: meld-run %s --random-inputs --seed 5 > %t.interpreted.out
// RUN: diff %t.two.out %t.one.out
// RUN: diff %t.two.out %t.interpreted.out

// TWO: "format": "elf-archive"
// ONE: "format": "elf-relocatable"

// ASM-DAG: main_kernel_0:
// ASM-DAG: main_kernel_1:
// ASM-DAG: main_kernel_2:

// MEMBERS: part0.o
// MEMBERS-NEXT: part1.o
// MEMBERS-NOT: part

func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %e = meld.exp %x : tensor<3xf32>
  %t = meld.tanh %e : tensor<3xf32>
  %s = meld.mul %t, %x : tensor<3xf32>
  return %s : tensor<3xf32>
}
