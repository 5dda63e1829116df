// torch.special.chebyshev_polynomial_v in float64, as meld.torch translates
// it (a meld.while over the degrees, whose body's horizontal kernel of
// several elementwise parts becomes one foreach kernel, its parts sharing
// bodies). A body stores several outputs, none computed from the others:
// it keeps its one part, whose blocks the runtime counts by its rows per
// block. Split into parts of their own (meld-tile-host-blocks' split of
// pointwise kernels of several outputs), only its first ran and the other
// outputs were garbage (test_torch_ops' Chebyshev V and W polynomials had
// NaNs; the check below fails so). unittests/Codegen compares every function
// with the interpreter (its random degrees run the loop little or not),
// fused and unfused, for the host and the emulated GPU mapping.
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 | FileCheck %s
// Each body: its attributes hold no parts.
// CHECK-COUNT-2: func.func private @main_kernel_{{[0-9]+}}_each{{[0-9]+}}({{.*}}) attributes {llvm.emit_c_interface, meld.foreach_size_arg = {{[0-9]+}} : i64, meld.kernel = "pointwise"}
func.func @main(%arg1: tensor<67x16xf64>, %arg2: tensor<67x16xf64>) -> (tensor<67x16xf64>) {
  %v3 = meld.abs %arg2 : tensor<67x16xf64>
  %v4 = meld.constant dense<"0x000000000000F07F"> : tensor<67x16xf64>
  %v5 = meld.compare lt, %v3, %v4 : tensor<67x16xf64>
  %v6 = meld.cast %arg2 : tensor<67x16xf64> to tensor<67x16xi64>
  %v7 = meld.cast %arg2 : tensor<67x16xf64> to tensor<67x16xi64>
  %v8 = meld.constant dense<"0xFFFFFFFFFFFFFFFF"> : tensor<67x16xi64>
  %v9 = meld.select %v5, %v6, %v8 : tensor<67x16xi1>, tensor<67x16xi64>
  %v10 = meld.cast %v9 : tensor<67x16xi64> to tensor<67x16xf64>
  %v11 = meld.add %arg1, %arg1 : tensor<67x16xf64>
  %v12 = meld.constant dense<"0x000000000000F03F"> : tensor<67x16xf64>
  %v13 = meld.sub %v11, %v12 : tensor<67x16xf64>
  %v14 = meld.add %v11, %v12 : tensor<67x16xf64>
  %v15 = meld.add %arg1, %arg1 : tensor<67x16xf64>
  %v16 = meld.sub %v12, %arg1 : tensor<67x16xf64>
  %v17 = meld.abs %arg1 : tensor<67x16xf64>
  %v18 = meld.compare lt, %v17, %v12 : tensor<67x16xf64>
  %v19 = meld.constant dense<"0x000000000000F0BF"> : tensor<67x16xf64>
  %v20 = meld.max %arg1, %v19 : tensor<67x16xf64>
  %v21 = meld.min %v20, %v12 : tensor<67x16xf64>
  %v22 = meld.constant dense<"0x000000000000F03F"> : tensor<67x16xf64>
  %v23 = meld.sub %v22, %v21 : tensor<67x16xf64>
  %v24 = meld.add %v22, %v21 : tensor<67x16xf64>
  %v25 = meld.div %v23, %v24 : tensor<67x16xf64>
  %v26 = meld.sqrt %v25 : tensor<67x16xf64>
  %v27 = meld.abs %v26 : tensor<67x16xf64>
  %v28 = meld.constant dense<"0xE69D3F334F500340"> : tensor<67x16xf64>
  %v29 = meld.compare gt, %v27, %v28 : tensor<67x16xf64>
  %v30 = meld.constant dense<"0x1F85EB51B81EE53F"> : tensor<67x16xf64>
  %v31 = meld.compare gt, %v27, %v30 : tensor<67x16xf64>
  %v32 = meld.constant dense<"0x000000000000F03F"> : tensor<67x16xf64>
  %v33 = meld.div %v32, %v27 : tensor<67x16xf64>
  %v34 = meld.neg %v33 : tensor<67x16xf64>
  %v35 = meld.constant dense<"0x000000000000F03F"> : tensor<67x16xf64>
  %v36 = meld.sub %v27, %v35 : tensor<67x16xf64>
  %v37 = meld.constant dense<"0x000000000000F03F"> : tensor<67x16xf64>
  %v38 = meld.add %v27, %v37 : tensor<67x16xf64>
  %v39 = meld.div %v36, %v38 : tensor<67x16xf64>
  %v40 = meld.select %v31, %v39, %v27 : tensor<67x16xi1>, tensor<67x16xf64>
  %v41 = meld.select %v29, %v34, %v40 : tensor<67x16xi1>, tensor<67x16xf64>
  %v42 = meld.constant dense<"0x182D4454FB21F93F"> : tensor<67x16xf64>
  %v43 = meld.constant dense<"0x182D4454FB21E93F"> : tensor<67x16xf64>
  %v44 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xf64>
  %v45 = meld.select %v31, %v43, %v44 : tensor<67x16xi1>, tensor<67x16xf64>
  %v46 = meld.select %v29, %v42, %v45 : tensor<67x16xi1>, tensor<67x16xf64>
  %v47 = meld.mul %v41, %v41 : tensor<67x16xf64>
  %v48 = meld.constant dense<"0x9425F7A17F00ECBF"> : tensor<67x16xf64>
  %v49 = meld.mul %v48, %v47 : tensor<67x16xf64>
  %v50 = meld.constant dense<"0x7A806B5B542830C0"> : tensor<67x16xf64>
  %v51 = meld.add %v49, %v50 : tensor<67x16xf64>
  %v52 = meld.mul %v51, %v47 : tensor<67x16xf64>
  %v53 = meld.constant dense<"0x730288368CC052C0"> : tensor<67x16xf64>
  %v54 = meld.add %v52, %v53 : tensor<67x16xf64>
  %v55 = meld.mul %v54, %v47 : tensor<67x16xf64>
  %v56 = meld.constant dense<"0x25BA052DBFB85EC0"> : tensor<67x16xf64>
  %v57 = meld.add %v55, %v56 : tensor<67x16xf64>
  %v58 = meld.mul %v57, %v47 : tensor<67x16xf64>
  %v59 = meld.constant dense<"0x8EEC28FD693650C0"> : tensor<67x16xf64>
  %v60 = meld.add %v58, %v59 : tensor<67x16xf64>
  %v61 = meld.constant dense<"0x000000000000F03F"> : tensor<67x16xf64>
  %v62 = meld.mul %v61, %v47 : tensor<67x16xf64>
  %v63 = meld.constant dense<"0x3C60145BC4DB3840"> : tensor<67x16xf64>
  %v64 = meld.add %v62, %v63 : tensor<67x16xf64>
  %v65 = meld.mul %v64, %v47 : tensor<67x16xf64>
  %v66 = meld.constant dense<"0x25FAB843DDA06440"> : tensor<67x16xf64>
  %v67 = meld.add %v65, %v66 : tensor<67x16xf64>
  %v68 = meld.mul %v67, %v47 : tensor<67x16xf64>
  %v69 = meld.constant dense<"0x3BBEE2D2180E7B40"> : tensor<67x16xf64>
  %v70 = meld.add %v68, %v69 : tensor<67x16xf64>
  %v71 = meld.mul %v70, %v47 : tensor<67x16xf64>
  %v72 = meld.constant dense<"0xEA49B0133F567E40"> : tensor<67x16xf64>
  %v73 = meld.add %v71, %v72 : tensor<67x16xf64>
  %v74 = meld.mul %v73, %v47 : tensor<67x16xf64>
  %v75 = meld.constant dense<"0xEC62BDFB9E516840"> : tensor<67x16xf64>
  %v76 = meld.add %v74, %v75 : tensor<67x16xf64>
  %v77 = meld.mul %v47, %v60 : tensor<67x16xf64>
  %v78 = meld.div %v77, %v76 : tensor<67x16xf64>
  %v79 = meld.mul %v41, %v78 : tensor<67x16xf64>
  %v80 = meld.add %v79, %v41 : tensor<67x16xf64>
  %v81 = meld.constant dense<"0x075C143326A6913C"> : tensor<67x16xf64>
  %v82 = meld.constant dense<"0x075C143326A6813C"> : tensor<67x16xf64>
  %v83 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xf64>
  %v84 = meld.select %v31, %v82, %v83 : tensor<67x16xi1>, tensor<67x16xf64>
  %v85 = meld.select %v29, %v81, %v84 : tensor<67x16xi1>, tensor<67x16xf64>
  %v86 = meld.add %v80, %v85 : tensor<67x16xf64>
  %v87 = meld.add %v46, %v86 : tensor<67x16xf64>
  %v88 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xf64>
  %v89 = meld.compare lt, %v26, %v88 : tensor<67x16xf64>
  %v90 = meld.neg %v87 : tensor<67x16xf64>
  %v91 = meld.select %v89, %v90, %v87 : tensor<67x16xi1>, tensor<67x16xf64>
  %v92 = meld.add %v91, %v91 : tensor<67x16xf64>
  %v93 = meld.constant dense<"0x000000000000E03F"> : tensor<67x16xf64>
  %v94 = meld.mul %v92, %v93 : tensor<67x16xf64>
  %v95 = meld.add %v10, %v12 : tensor<67x16xf64>
  %v96 = meld.constant dense<"0x000000000000E03F"> : tensor<67x16xf64>
  %v97 = meld.add %v10, %v96 : tensor<67x16xf64>
  %v98 = meld.constant dense<"0x0200000000000000"> : tensor<67x16xi64>
  %v99 = meld.rem %v9, %v98 : tensor<67x16xi64>
  %v100 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xi64>
  %v101 = meld.compare ne, %v99, %v100 : tensor<67x16xi64>
  %v102 = meld.add %v10, %v10 : tensor<67x16xf64>
  %v103 = meld.add %v102, %v12 : tensor<67x16xf64>
  %v104 = meld.sin %v94 : tensor<67x16xf64>
  %v105 = meld.compare ne, %v104, %v12 : tensor<67x16xf64>
  %v106 = meld.mul %v97, %v92 : tensor<67x16xf64>
  %v107 = meld.cos %v106 : tensor<67x16xf64>
  %v108 = meld.cos %v94 : tensor<67x16xf64>
  %v109 = meld.div %v107, %v108 : tensor<67x16xf64>
  %v110 = meld.neg %v103 : tensor<67x16xf64>
  %v111 = meld.select %v101, %v110, %v103 : tensor<67x16xi1>, tensor<67x16xf64>
  %v112 = meld.select %v105, %v109, %v111 : tensor<67x16xi1>, tensor<67x16xf64>
  %v113 = meld.constant dense<"0x0800000000000000"> : tensor<67x16xi64>
  %v114 = meld.compare gt, %v9, %v113 : tensor<67x16xi64>
  %v115 = meld.and %v114, %v18 : tensor<67x16xi1>
  %v116 = meld.neg %v12 : tensor<67x16xf64>
  %v117 = meld.select %v101, %v116, %v12 : tensor<67x16xi1>, tensor<67x16xf64>
  %v118 = meld.neg %v95 : tensor<67x16xf64>
  %v119 = meld.select %v101, %v118, %v95 : tensor<67x16xi1>, tensor<67x16xf64>
  %v120 = meld.neg %v103 : tensor<67x16xf64>
  %v121 = meld.select %v101, %v120, %v103 : tensor<67x16xi1>, tensor<67x16xf64>
  %v122 = meld.neg %v12 : tensor<67x16xf64>
  %v123 = meld.select %v101, %v122, %v12 : tensor<67x16xi1>, tensor<67x16xf64>
  %v124 = meld.abs %arg1 : tensor<67x16xf64>
  %v125 = meld.compare eq, %v124, %v12 : tensor<67x16xf64>
  %v126 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xf64>
  %v127 = meld.compare gt, %arg1, %v126 : tensor<67x16xf64>
  %v128 = meld.select %v127, %v12, %v121 : tensor<67x16xi1>, tensor<67x16xf64>
  %v129 = meld.constant dense<"0x0200000000000000"> : tensor<67x16xi64>
  %v130 = meld.compare ge, %v9, %v129 : tensor<67x16xi64>
  %v131 = meld.not %v115 : tensor<67x16xi1>
  %v132 = meld.and %v130, %v131 : tensor<67x16xi1>
  %v133 = meld.not %v125 : tensor<67x16xi1>
  %v134 = meld.and %v132, %v133 : tensor<67x16xi1>
  %v135 = meld.constant dense<"0x0100000000000000"> : tensor<i64>
  %r161:3 = meld.while (%v135, %v12, %v13 : tensor<i64>, tensor<67x16xf64>, tensor<67x16xf64>) cond {
  ^bb0(%it136: tensor<i64>, %it137: tensor<67x16xf64>, %it138: tensor<67x16xf64>):
    %v139 = meld.broadcast_in_dim %it136, dims = [] : tensor<i64> -> tensor<67x16xi64>
    %v140 = meld.compare lt, %v139, %v9 : tensor<67x16xi64>
    %v141 = meld.and %v134, %v140 : tensor<67x16xi1>
    %v142 = meld.compare eq, %it138, %it138 : tensor<67x16xf64>
    %v143 = meld.and %v141, %v142 : tensor<67x16xi1>
    %v144 = meld.cast %v143 : tensor<67x16xi1> to tensor<67x16xf32>
    %v145 = meld.reshape %v144 : tensor<67x16xf32> -> tensor<1072xf32>
    %v146 = meld.reduce max %v145 dims = [0] : tensor<1072xf32> -> tensor<f32>
    %v147 = meld.constant dense<"0x0000003F"> : tensor<f32>
    %v148 = meld.compare gt, %v146, %v147 : tensor<f32>
    meld.yield %v148 : tensor<i1>
  } do {
  ^bb0(%it136: tensor<i64>, %it137: tensor<67x16xf64>, %it138: tensor<67x16xf64>):
    %v149 = meld.broadcast_in_dim %it136, dims = [] : tensor<i64> -> tensor<67x16xi64>
    %v150 = meld.compare lt, %v149, %v9 : tensor<67x16xi64>
    %v151 = meld.and %v134, %v150 : tensor<67x16xi1>
    %v152 = meld.compare eq, %it138, %it138 : tensor<67x16xf64>
    %v153 = meld.and %v151, %v152 : tensor<67x16xi1>
    %v154 = meld.cast %it136 : tensor<i64> to tensor<f64>
    %v155 = meld.mul %v11, %it138 : tensor<67x16xf64>
    %v156 = meld.sub %v155, %it137 : tensor<67x16xf64>
    %v157 = meld.constant dense<"0x0100000000000000"> : tensor<i64>
    %v158 = meld.add %it136, %v157 : tensor<i64>
    %v159 = meld.select %v153, %it138, %it137 : tensor<67x16xi1>, tensor<67x16xf64>
    %v160 = meld.select %v153, %v156, %it138 : tensor<67x16xi1>, tensor<67x16xf64>
    meld.yield %v158, %v159, %v160 : tensor<i64>, tensor<67x16xf64>, tensor<67x16xf64>
  }
  %v162 = meld.constant dense<"0x0100000000000000"> : tensor<67x16xi64>
  %v163 = meld.compare eq, %v9, %v162 : tensor<67x16xi64>
  %v164 = meld.select %v163, %v13, %r161#2 : tensor<67x16xi1>, tensor<67x16xf64>
  %v165 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xi64>
  %v166 = meld.compare eq, %v9, %v165 : tensor<67x16xi64>
  %v167 = meld.select %v166, %v12, %v164 : tensor<67x16xi1>, tensor<67x16xf64>
  %v168 = meld.select %v115, %v112, %v167 : tensor<67x16xi1>, tensor<67x16xf64>
  %v169 = meld.select %v125, %v128, %v168 : tensor<67x16xi1>, tensor<67x16xf64>
  %v170 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xi64>
  %v171 = meld.compare lt, %v9, %v170 : tensor<67x16xi64>
  %v172 = meld.constant dense<"0x0000000000000000"> : tensor<67x16xf64>
  %v173 = meld.select %v171, %v172, %v169 : tensor<67x16xi1>, tensor<67x16xf64>
  return %v173 : tensor<67x16xf64>
}
