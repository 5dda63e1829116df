// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 fit-small-outputs balance-threads=2' | FileCheck %s

// A cumsum over 32768 columns as the frontends write it (Hillis-Steele: 15
// steps of x plus x shifted, through slices and concats) of a fused
// product. Tiled by rows, tile-and-fuse would put a copy of each step's
// producer into the loop for every slice that reads it, and each copy's
// slices their own: 2^15 copies (a top-p's cumsum over 50257 logits took
// 82 s to compile so). Past kMaxFusedCopies the kernel stays one block:
// no block loop, each of its ops once (20 linalg ops).

// CHECK-LABEL: func.func private @main_kernel_0
// CHECK-NOT:     scf.for
// CHECK:         func.func @main
func.func @main(%arg1: tensor<4x32768xf32>) -> (tensor<4x32768xf32>) {
  %v2 = meld.constant dense<"0x00000040"> : tensor<f32>
  %v3 = meld.broadcast_in_dim %v2, dims = [] : tensor<f32> -> tensor<4x32768xf32>
  %v4 = meld.mul %arg1, %v3 : tensor<4x32768xf32>
  %v5 = meld.slice %v4 start = [0, 0] limit = [4, 32767] : tensor<4x32768xf32> -> tensor<4x32767xf32>
  %v6 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v7 = meld.constant dense<"0x00000000"> : tensor<4x1xf32>
  %v8 = meld.concat %v7, %v5 dim = 1 : (tensor<4x1xf32>, tensor<4x32767xf32>) -> tensor<4x32768xf32>
  %v9 = meld.add %v4, %v8 : tensor<4x32768xf32>
  %v10 = meld.slice %v9 start = [0, 0] limit = [4, 32766] : tensor<4x32768xf32> -> tensor<4x32766xf32>
  %v11 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v12 = meld.constant dense<"0x00000000"> : tensor<4x2xf32>
  %v13 = meld.concat %v12, %v10 dim = 1 : (tensor<4x2xf32>, tensor<4x32766xf32>) -> tensor<4x32768xf32>
  %v14 = meld.add %v9, %v13 : tensor<4x32768xf32>
  %v15 = meld.slice %v14 start = [0, 0] limit = [4, 32764] : tensor<4x32768xf32> -> tensor<4x32764xf32>
  %v16 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v17 = meld.constant dense<"0x00000000"> : tensor<4x4xf32>
  %v18 = meld.concat %v17, %v15 dim = 1 : (tensor<4x4xf32>, tensor<4x32764xf32>) -> tensor<4x32768xf32>
  %v19 = meld.add %v14, %v18 : tensor<4x32768xf32>
  %v20 = meld.slice %v19 start = [0, 0] limit = [4, 32760] : tensor<4x32768xf32> -> tensor<4x32760xf32>
  %v21 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v22 = meld.constant dense<"0x00000000"> : tensor<4x8xf32>
  %v23 = meld.concat %v22, %v20 dim = 1 : (tensor<4x8xf32>, tensor<4x32760xf32>) -> tensor<4x32768xf32>
  %v24 = meld.add %v19, %v23 : tensor<4x32768xf32>
  %v25 = meld.slice %v24 start = [0, 0] limit = [4, 32752] : tensor<4x32768xf32> -> tensor<4x32752xf32>
  %v26 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v27 = meld.constant dense<"0x00000000"> : tensor<4x16xf32>
  %v28 = meld.concat %v27, %v25 dim = 1 : (tensor<4x16xf32>, tensor<4x32752xf32>) -> tensor<4x32768xf32>
  %v29 = meld.add %v24, %v28 : tensor<4x32768xf32>
  %v30 = meld.slice %v29 start = [0, 0] limit = [4, 32736] : tensor<4x32768xf32> -> tensor<4x32736xf32>
  %v31 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v32 = meld.constant dense<"0x00000000"> : tensor<4x32xf32>
  %v33 = meld.concat %v32, %v30 dim = 1 : (tensor<4x32xf32>, tensor<4x32736xf32>) -> tensor<4x32768xf32>
  %v34 = meld.add %v29, %v33 : tensor<4x32768xf32>
  %v35 = meld.slice %v34 start = [0, 0] limit = [4, 32704] : tensor<4x32768xf32> -> tensor<4x32704xf32>
  %v36 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v37 = meld.constant dense<"0x00000000"> : tensor<4x64xf32>
  %v38 = meld.concat %v37, %v35 dim = 1 : (tensor<4x64xf32>, tensor<4x32704xf32>) -> tensor<4x32768xf32>
  %v39 = meld.add %v34, %v38 : tensor<4x32768xf32>
  %v40 = meld.slice %v39 start = [0, 0] limit = [4, 32640] : tensor<4x32768xf32> -> tensor<4x32640xf32>
  %v41 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v42 = meld.constant dense<"0x00000000"> : tensor<4x128xf32>
  %v43 = meld.concat %v42, %v40 dim = 1 : (tensor<4x128xf32>, tensor<4x32640xf32>) -> tensor<4x32768xf32>
  %v44 = meld.add %v39, %v43 : tensor<4x32768xf32>
  %v45 = meld.slice %v44 start = [0, 0] limit = [4, 32512] : tensor<4x32768xf32> -> tensor<4x32512xf32>
  %v46 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v47 = meld.constant dense<"0x00000000"> : tensor<4x256xf32>
  %v48 = meld.concat %v47, %v45 dim = 1 : (tensor<4x256xf32>, tensor<4x32512xf32>) -> tensor<4x32768xf32>
  %v49 = meld.add %v44, %v48 : tensor<4x32768xf32>
  %v50 = meld.slice %v49 start = [0, 0] limit = [4, 32256] : tensor<4x32768xf32> -> tensor<4x32256xf32>
  %v51 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v52 = meld.constant dense<"0x00000000"> : tensor<4x512xf32>
  %v53 = meld.concat %v52, %v50 dim = 1 : (tensor<4x512xf32>, tensor<4x32256xf32>) -> tensor<4x32768xf32>
  %v54 = meld.add %v49, %v53 : tensor<4x32768xf32>
  %v55 = meld.slice %v54 start = [0, 0] limit = [4, 31744] : tensor<4x32768xf32> -> tensor<4x31744xf32>
  %v56 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v57 = meld.constant dense<"0x00000000"> : tensor<4x1024xf32>
  %v58 = meld.concat %v57, %v55 dim = 1 : (tensor<4x1024xf32>, tensor<4x31744xf32>) -> tensor<4x32768xf32>
  %v59 = meld.add %v54, %v58 : tensor<4x32768xf32>
  %v60 = meld.slice %v59 start = [0, 0] limit = [4, 30720] : tensor<4x32768xf32> -> tensor<4x30720xf32>
  %v61 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v62 = meld.broadcast_in_dim %v61, dims = [] : tensor<f32> -> tensor<4x2048xf32>
  %v63 = meld.concat %v62, %v60 dim = 1 : (tensor<4x2048xf32>, tensor<4x30720xf32>) -> tensor<4x32768xf32>
  %v64 = meld.add %v59, %v63 : tensor<4x32768xf32>
  %v65 = meld.slice %v64 start = [0, 0] limit = [4, 28672] : tensor<4x32768xf32> -> tensor<4x28672xf32>
  %v66 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v67 = meld.broadcast_in_dim %v66, dims = [] : tensor<f32> -> tensor<4x4096xf32>
  %v68 = meld.concat %v67, %v65 dim = 1 : (tensor<4x4096xf32>, tensor<4x28672xf32>) -> tensor<4x32768xf32>
  %v69 = meld.add %v64, %v68 : tensor<4x32768xf32>
  %v70 = meld.slice %v69 start = [0, 0] limit = [4, 24576] : tensor<4x32768xf32> -> tensor<4x24576xf32>
  %v71 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v72 = meld.broadcast_in_dim %v71, dims = [] : tensor<f32> -> tensor<4x8192xf32>
  %v73 = meld.concat %v72, %v70 dim = 1 : (tensor<4x8192xf32>, tensor<4x24576xf32>) -> tensor<4x32768xf32>
  %v74 = meld.add %v69, %v73 : tensor<4x32768xf32>
  %v75 = meld.slice %v74 start = [0, 0] limit = [4, 16384] : tensor<4x32768xf32> -> tensor<4x16384xf32>
  %v76 = meld.constant dense<"0x00000000"> : tensor<f32>
  %v77 = meld.broadcast_in_dim %v76, dims = [] : tensor<f32> -> tensor<4x16384xf32>
  %v78 = meld.concat %v77, %v75 dim = 1 : (tensor<4x16384xf32>, tensor<4x16384xf32>) -> tensor<4x32768xf32>
  %v79 = meld.add %v74, %v78 : tensor<4x32768xf32>
  return %v79 : tensor<4x32768xf32>
}
