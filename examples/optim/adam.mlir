// One adam step over 200 parameters (meld.optim.program).
func.func @step(
    %lerp_w: tensor<f32>,
    %beta2: tensor<f32>,
    %omb2: tensor<f32>,
    %bc2_sqrt: tensor<f32>,
    %eps: tensor<f32>,
    %step_size: tensor<f32>,
    %p0: tensor<42169xf32> {meld.donate = 0 : i64},
    %g0: tensor<42169xf32>,
    %m0: tensor<42169xf32> {meld.donate = 1 : i64},
    %v0: tensor<42169xf32> {meld.donate = 2 : i64},
    %p1: tensor<1x128xf32> {meld.donate = 3 : i64},
    %g1: tensor<1x128xf32>,
    %m1: tensor<1x128xf32> {meld.donate = 4 : i64},
    %v1: tensor<1x128xf32> {meld.donate = 5 : i64},
    %p2: tensor<458xf32> {meld.donate = 6 : i64},
    %g2: tensor<458xf32>,
    %m2: tensor<458xf32> {meld.donate = 7 : i64},
    %v2: tensor<458xf32> {meld.donate = 8 : i64},
    %p3: tensor<35091xf32> {meld.donate = 9 : i64},
    %g3: tensor<35091xf32>,
    %m3: tensor<35091xf32> {meld.donate = 10 : i64},
    %v3: tensor<35091xf32> {meld.donate = 11 : i64},
    %p4: tensor<91xf32> {meld.donate = 12 : i64},
    %g4: tensor<91xf32>,
    %m4: tensor<91xf32> {meld.donate = 13 : i64},
    %v4: tensor<91xf32> {meld.donate = 14 : i64},
    %p5: tensor<15xf32> {meld.donate = 15 : i64},
    %g5: tensor<15xf32>,
    %m5: tensor<15xf32> {meld.donate = 16 : i64},
    %v5: tensor<15xf32> {meld.donate = 17 : i64},
    %p6: tensor<5xf32> {meld.donate = 18 : i64},
    %g6: tensor<5xf32>,
    %m6: tensor<5xf32> {meld.donate = 19 : i64},
    %v6: tensor<5xf32> {meld.donate = 20 : i64},
    %p7: tensor<5xf32> {meld.donate = 21 : i64},
    %g7: tensor<5xf32>,
    %m7: tensor<5xf32> {meld.donate = 22 : i64},
    %v7: tensor<5xf32> {meld.donate = 23 : i64},
    %p8: tensor<3xf32> {meld.donate = 24 : i64},
    %g8: tensor<3xf32>,
    %m8: tensor<3xf32> {meld.donate = 25 : i64},
    %v8: tensor<3xf32> {meld.donate = 26 : i64},
    %p9: tensor<23901xf32> {meld.donate = 27 : i64},
    %g9: tensor<23901xf32>,
    %m9: tensor<23901xf32> {meld.donate = 28 : i64},
    %v9: tensor<23901xf32> {meld.donate = 29 : i64},
    %p10: tensor<825xf32> {meld.donate = 30 : i64},
    %g10: tensor<825xf32>,
    %m10: tensor<825xf32> {meld.donate = 31 : i64},
    %v10: tensor<825xf32> {meld.donate = 32 : i64},
    %p11: tensor<123x16xf32> {meld.donate = 33 : i64},
    %g11: tensor<123x16xf32>,
    %m11: tensor<123x16xf32> {meld.donate = 34 : i64},
    %v11: tensor<123x16xf32> {meld.donate = 35 : i64},
    %p12: tensor<9939xf32> {meld.donate = 36 : i64},
    %g12: tensor<9939xf32>,
    %m12: tensor<9939xf32> {meld.donate = 37 : i64},
    %v12: tensor<9939xf32> {meld.donate = 38 : i64},
    %p13: tensor<348x16xf32> {meld.donate = 39 : i64},
    %g13: tensor<348x16xf32>,
    %m13: tensor<348x16xf32> {meld.donate = 40 : i64},
    %v13: tensor<348x16xf32> {meld.donate = 41 : i64},
    %p14: tensor<2x32xf32> {meld.donate = 42 : i64},
    %g14: tensor<2x32xf32>,
    %m14: tensor<2x32xf32> {meld.donate = 43 : i64},
    %v14: tensor<2x32xf32> {meld.donate = 44 : i64},
    %p15: tensor<1538x128xf32> {meld.donate = 45 : i64},
    %g15: tensor<1538x128xf32>,
    %m15: tensor<1538x128xf32> {meld.donate = 46 : i64},
    %v15: tensor<1538x128xf32> {meld.donate = 47 : i64},
    %p16: tensor<26xf32> {meld.donate = 48 : i64},
    %g16: tensor<26xf32>,
    %m16: tensor<26xf32> {meld.donate = 49 : i64},
    %v16: tensor<26xf32> {meld.donate = 50 : i64},
    %p17: tensor<1603x16xf32> {meld.donate = 51 : i64},
    %g17: tensor<1603x16xf32>,
    %m17: tensor<1603x16xf32> {meld.donate = 52 : i64},
    %v17: tensor<1603x16xf32> {meld.donate = 53 : i64},
    %p18: tensor<3xf32> {meld.donate = 54 : i64},
    %g18: tensor<3xf32>,
    %m18: tensor<3xf32> {meld.donate = 55 : i64},
    %v18: tensor<3xf32> {meld.donate = 56 : i64},
    %p19: tensor<39928xf32> {meld.donate = 57 : i64},
    %g19: tensor<39928xf32>,
    %m19: tensor<39928xf32> {meld.donate = 58 : i64},
    %v19: tensor<39928xf32> {meld.donate = 59 : i64},
    %p20: tensor<19943xf32> {meld.donate = 60 : i64},
    %g20: tensor<19943xf32>,
    %m20: tensor<19943xf32> {meld.donate = 61 : i64},
    %v20: tensor<19943xf32> {meld.donate = 62 : i64},
    %p21: tensor<2246xf32> {meld.donate = 63 : i64},
    %g21: tensor<2246xf32>,
    %m21: tensor<2246xf32> {meld.donate = 64 : i64},
    %v21: tensor<2246xf32> {meld.donate = 65 : i64},
    %p22: tensor<66xf32> {meld.donate = 66 : i64},
    %g22: tensor<66xf32>,
    %m22: tensor<66xf32> {meld.donate = 67 : i64},
    %v22: tensor<66xf32> {meld.donate = 68 : i64},
    %p23: tensor<55x128xf32> {meld.donate = 69 : i64},
    %g23: tensor<55x128xf32>,
    %m23: tensor<55x128xf32> {meld.donate = 70 : i64},
    %v23: tensor<55x128xf32> {meld.donate = 71 : i64},
    %p24: tensor<16xf32> {meld.donate = 72 : i64},
    %g24: tensor<16xf32>,
    %m24: tensor<16xf32> {meld.donate = 73 : i64},
    %v24: tensor<16xf32> {meld.donate = 74 : i64},
    %p25: tensor<196x128xf32> {meld.donate = 75 : i64},
    %g25: tensor<196x128xf32>,
    %m25: tensor<196x128xf32> {meld.donate = 76 : i64},
    %v25: tensor<196x128xf32> {meld.donate = 77 : i64},
    %p26: tensor<4x64xf32> {meld.donate = 78 : i64},
    %g26: tensor<4x64xf32>,
    %m26: tensor<4x64xf32> {meld.donate = 79 : i64},
    %v26: tensor<4x64xf32> {meld.donate = 80 : i64},
    %p27: tensor<62081xf32> {meld.donate = 81 : i64},
    %g27: tensor<62081xf32>,
    %m27: tensor<62081xf32> {meld.donate = 82 : i64},
    %v27: tensor<62081xf32> {meld.donate = 83 : i64},
    %p28: tensor<7x64xf32> {meld.donate = 84 : i64},
    %g28: tensor<7x64xf32>,
    %m28: tensor<7x64xf32> {meld.donate = 85 : i64},
    %v28: tensor<7x64xf32> {meld.donate = 86 : i64},
    %p29: tensor<57x128xf32> {meld.donate = 87 : i64},
    %g29: tensor<57x128xf32>,
    %m29: tensor<57x128xf32> {meld.donate = 88 : i64},
    %v29: tensor<57x128xf32> {meld.donate = 89 : i64},
    %p30: tensor<12xf32> {meld.donate = 90 : i64},
    %g30: tensor<12xf32>,
    %m30: tensor<12xf32> {meld.donate = 91 : i64},
    %v30: tensor<12xf32> {meld.donate = 92 : i64},
    %p31: tensor<373x64xf32> {meld.donate = 93 : i64},
    %g31: tensor<373x64xf32>,
    %m31: tensor<373x64xf32> {meld.donate = 94 : i64},
    %v31: tensor<373x64xf32> {meld.donate = 95 : i64},
    %p32: tensor<2x96xf32> {meld.donate = 96 : i64},
    %g32: tensor<2x96xf32>,
    %m32: tensor<2x96xf32> {meld.donate = 97 : i64},
    %v32: tensor<2x96xf32> {meld.donate = 98 : i64},
    %p33: tensor<54xf32> {meld.donate = 99 : i64},
    %g33: tensor<54xf32>,
    %m33: tensor<54xf32> {meld.donate = 100 : i64},
    %v33: tensor<54xf32> {meld.donate = 101 : i64},
    %p34: tensor<21xf32> {meld.donate = 102 : i64},
    %g34: tensor<21xf32>,
    %m34: tensor<21xf32> {meld.donate = 103 : i64},
    %v34: tensor<21xf32> {meld.donate = 104 : i64},
    %p35: tensor<10xf32> {meld.donate = 105 : i64},
    %g35: tensor<10xf32>,
    %m35: tensor<10xf32> {meld.donate = 106 : i64},
    %v35: tensor<10xf32> {meld.donate = 107 : i64},
    %p36: tensor<493x64xf32> {meld.donate = 108 : i64},
    %g36: tensor<493x64xf32>,
    %m36: tensor<493x64xf32> {meld.donate = 109 : i64},
    %v36: tensor<493x64xf32> {meld.donate = 110 : i64},
    %p37: tensor<12x32xf32> {meld.donate = 111 : i64},
    %g37: tensor<12x32xf32>,
    %m37: tensor<12x32xf32> {meld.donate = 112 : i64},
    %v37: tensor<12x32xf32> {meld.donate = 113 : i64},
    %p38: tensor<63412xf32> {meld.donate = 114 : i64},
    %g38: tensor<63412xf32>,
    %m38: tensor<63412xf32> {meld.donate = 115 : i64},
    %v38: tensor<63412xf32> {meld.donate = 116 : i64},
    %p39: tensor<41139xf32> {meld.donate = 117 : i64},
    %g39: tensor<41139xf32>,
    %m39: tensor<41139xf32> {meld.donate = 118 : i64},
    %v39: tensor<41139xf32> {meld.donate = 119 : i64},
    %p40: tensor<1184x96xf32> {meld.donate = 120 : i64},
    %g40: tensor<1184x96xf32>,
    %m40: tensor<1184x96xf32> {meld.donate = 121 : i64},
    %v40: tensor<1184x96xf32> {meld.donate = 122 : i64},
    %p41: tensor<303x128xf32> {meld.donate = 123 : i64},
    %g41: tensor<303x128xf32>,
    %m41: tensor<303x128xf32> {meld.donate = 124 : i64},
    %v41: tensor<303x128xf32> {meld.donate = 125 : i64},
    %p42: tensor<27886xf32> {meld.donate = 126 : i64},
    %g42: tensor<27886xf32>,
    %m42: tensor<27886xf32> {meld.donate = 127 : i64},
    %v42: tensor<27886xf32> {meld.donate = 128 : i64},
    %p43: tensor<831x96xf32> {meld.donate = 129 : i64},
    %g43: tensor<831x96xf32>,
    %m43: tensor<831x96xf32> {meld.donate = 130 : i64},
    %v43: tensor<831x96xf32> {meld.donate = 131 : i64},
    %p44: tensor<23x64xf32> {meld.donate = 132 : i64},
    %g44: tensor<23x64xf32>,
    %m44: tensor<23x64xf32> {meld.donate = 133 : i64},
    %v44: tensor<23x64xf32> {meld.donate = 134 : i64},
    %p45: tensor<2xf32> {meld.donate = 135 : i64},
    %g45: tensor<2xf32>,
    %m45: tensor<2xf32> {meld.donate = 136 : i64},
    %v45: tensor<2xf32> {meld.donate = 137 : i64},
    %p46: tensor<35x64xf32> {meld.donate = 138 : i64},
    %g46: tensor<35x64xf32>,
    %m46: tensor<35x64xf32> {meld.donate = 139 : i64},
    %v46: tensor<35x64xf32> {meld.donate = 140 : i64},
    %p47: tensor<664x64xf32> {meld.donate = 141 : i64},
    %g47: tensor<664x64xf32>,
    %m47: tensor<664x64xf32> {meld.donate = 142 : i64},
    %v47: tensor<664x64xf32> {meld.donate = 143 : i64},
    %p48: tensor<4xf32> {meld.donate = 144 : i64},
    %g48: tensor<4xf32>,
    %m48: tensor<4xf32> {meld.donate = 145 : i64},
    %v48: tensor<4xf32> {meld.donate = 146 : i64},
    %p49: tensor<16xf32> {meld.donate = 147 : i64},
    %g49: tensor<16xf32>,
    %m49: tensor<16xf32> {meld.donate = 148 : i64},
    %v49: tensor<16xf32> {meld.donate = 149 : i64},
    %p50: tensor<1405x16xf32> {meld.donate = 150 : i64},
    %g50: tensor<1405x16xf32>,
    %m50: tensor<1405x16xf32> {meld.donate = 151 : i64},
    %v50: tensor<1405x16xf32> {meld.donate = 152 : i64},
    %p51: tensor<3xf32> {meld.donate = 153 : i64},
    %g51: tensor<3xf32>,
    %m51: tensor<3xf32> {meld.donate = 154 : i64},
    %v51: tensor<3xf32> {meld.donate = 155 : i64},
    %p52: tensor<6xf32> {meld.donate = 156 : i64},
    %g52: tensor<6xf32>,
    %m52: tensor<6xf32> {meld.donate = 157 : i64},
    %v52: tensor<6xf32> {meld.donate = 158 : i64},
    %p53: tensor<51x128xf32> {meld.donate = 159 : i64},
    %g53: tensor<51x128xf32>,
    %m53: tensor<51x128xf32> {meld.donate = 160 : i64},
    %v53: tensor<51x128xf32> {meld.donate = 161 : i64},
    %p54: tensor<2975xf32> {meld.donate = 162 : i64},
    %g54: tensor<2975xf32>,
    %m54: tensor<2975xf32> {meld.donate = 163 : i64},
    %v54: tensor<2975xf32> {meld.donate = 164 : i64},
    %p55: tensor<124x16xf32> {meld.donate = 165 : i64},
    %g55: tensor<124x16xf32>,
    %m55: tensor<124x16xf32> {meld.donate = 166 : i64},
    %v55: tensor<124x16xf32> {meld.donate = 167 : i64},
    %p56: tensor<3005xf32> {meld.donate = 168 : i64},
    %g56: tensor<3005xf32>,
    %m56: tensor<3005xf32> {meld.donate = 169 : i64},
    %v56: tensor<3005xf32> {meld.donate = 170 : i64},
    %p57: tensor<22x64xf32> {meld.donate = 171 : i64},
    %g57: tensor<22x64xf32>,
    %m57: tensor<22x64xf32> {meld.donate = 172 : i64},
    %v57: tensor<22x64xf32> {meld.donate = 173 : i64},
    %p58: tensor<288x128xf32> {meld.donate = 174 : i64},
    %g58: tensor<288x128xf32>,
    %m58: tensor<288x128xf32> {meld.donate = 175 : i64},
    %v58: tensor<288x128xf32> {meld.donate = 176 : i64},
    %p59: tensor<1xf32> {meld.donate = 177 : i64},
    %g59: tensor<1xf32>,
    %m59: tensor<1xf32> {meld.donate = 178 : i64},
    %v59: tensor<1xf32> {meld.donate = 179 : i64},
    %p60: tensor<11470x16xf32> {meld.donate = 180 : i64},
    %g60: tensor<11470x16xf32>,
    %m60: tensor<11470x16xf32> {meld.donate = 181 : i64},
    %v60: tensor<11470x16xf32> {meld.donate = 182 : i64},
    %p61: tensor<421xf32> {meld.donate = 183 : i64},
    %g61: tensor<421xf32>,
    %m61: tensor<421xf32> {meld.donate = 184 : i64},
    %v61: tensor<421xf32> {meld.donate = 185 : i64},
    %p62: tensor<2xf32> {meld.donate = 186 : i64},
    %g62: tensor<2xf32>,
    %m62: tensor<2xf32> {meld.donate = 187 : i64},
    %v62: tensor<2xf32> {meld.donate = 188 : i64},
    %p63: tensor<41x128xf32> {meld.donate = 189 : i64},
    %g63: tensor<41x128xf32>,
    %m63: tensor<41x128xf32> {meld.donate = 190 : i64},
    %v63: tensor<41x128xf32> {meld.donate = 191 : i64},
    %p64: tensor<3xf32> {meld.donate = 192 : i64},
    %g64: tensor<3xf32>,
    %m64: tensor<3xf32> {meld.donate = 193 : i64},
    %v64: tensor<3xf32> {meld.donate = 194 : i64},
    %p65: tensor<26xf32> {meld.donate = 195 : i64},
    %g65: tensor<26xf32>,
    %m65: tensor<26xf32> {meld.donate = 196 : i64},
    %v65: tensor<26xf32> {meld.donate = 197 : i64},
    %p66: tensor<16xf32> {meld.donate = 198 : i64},
    %g66: tensor<16xf32>,
    %m66: tensor<16xf32> {meld.donate = 199 : i64},
    %v66: tensor<16xf32> {meld.donate = 200 : i64},
    %p67: tensor<109x32xf32> {meld.donate = 201 : i64},
    %g67: tensor<109x32xf32>,
    %m67: tensor<109x32xf32> {meld.donate = 202 : i64},
    %v67: tensor<109x32xf32> {meld.donate = 203 : i64},
    %p68: tensor<2xf32> {meld.donate = 204 : i64},
    %g68: tensor<2xf32>,
    %m68: tensor<2xf32> {meld.donate = 205 : i64},
    %v68: tensor<2xf32> {meld.donate = 206 : i64},
    %p69: tensor<3x96xf32> {meld.donate = 207 : i64},
    %g69: tensor<3x96xf32>,
    %m69: tensor<3x96xf32> {meld.donate = 208 : i64},
    %v69: tensor<3x96xf32> {meld.donate = 209 : i64},
    %p70: tensor<12xf32> {meld.donate = 210 : i64},
    %g70: tensor<12xf32>,
    %m70: tensor<12xf32> {meld.donate = 211 : i64},
    %v70: tensor<12xf32> {meld.donate = 212 : i64},
    %p71: tensor<92xf32> {meld.donate = 213 : i64},
    %g71: tensor<92xf32>,
    %m71: tensor<92xf32> {meld.donate = 214 : i64},
    %v71: tensor<92xf32> {meld.donate = 215 : i64},
    %p72: tensor<39049xf32> {meld.donate = 216 : i64},
    %g72: tensor<39049xf32>,
    %m72: tensor<39049xf32> {meld.donate = 217 : i64},
    %v72: tensor<39049xf32> {meld.donate = 218 : i64},
    %p73: tensor<8xf32> {meld.donate = 219 : i64},
    %g73: tensor<8xf32>,
    %m73: tensor<8xf32> {meld.donate = 220 : i64},
    %v73: tensor<8xf32> {meld.donate = 221 : i64},
    %p74: tensor<4832xf32> {meld.donate = 222 : i64},
    %g74: tensor<4832xf32>,
    %m74: tensor<4832xf32> {meld.donate = 223 : i64},
    %v74: tensor<4832xf32> {meld.donate = 224 : i64},
    %p75: tensor<2xf32> {meld.donate = 225 : i64},
    %g75: tensor<2xf32>,
    %m75: tensor<2xf32> {meld.donate = 226 : i64},
    %v75: tensor<2xf32> {meld.donate = 227 : i64},
    %p76: tensor<5054xf32> {meld.donate = 228 : i64},
    %g76: tensor<5054xf32>,
    %m76: tensor<5054xf32> {meld.donate = 229 : i64},
    %v76: tensor<5054xf32> {meld.donate = 230 : i64},
    %p77: tensor<1x128xf32> {meld.donate = 231 : i64},
    %g77: tensor<1x128xf32>,
    %m77: tensor<1x128xf32> {meld.donate = 232 : i64},
    %v77: tensor<1x128xf32> {meld.donate = 233 : i64},
    %p78: tensor<111357xf32> {meld.donate = 234 : i64},
    %g78: tensor<111357xf32>,
    %m78: tensor<111357xf32> {meld.donate = 235 : i64},
    %v78: tensor<111357xf32> {meld.donate = 236 : i64},
    %p79: tensor<1xf32> {meld.donate = 237 : i64},
    %g79: tensor<1xf32>,
    %m79: tensor<1xf32> {meld.donate = 238 : i64},
    %v79: tensor<1xf32> {meld.donate = 239 : i64},
    %p80: tensor<5388xf32> {meld.donate = 240 : i64},
    %g80: tensor<5388xf32>,
    %m80: tensor<5388xf32> {meld.donate = 241 : i64},
    %v80: tensor<5388xf32> {meld.donate = 242 : i64},
    %p81: tensor<61860xf32> {meld.donate = 243 : i64},
    %g81: tensor<61860xf32>,
    %m81: tensor<61860xf32> {meld.donate = 244 : i64},
    %v81: tensor<61860xf32> {meld.donate = 245 : i64},
    %p82: tensor<55x64xf32> {meld.donate = 246 : i64},
    %g82: tensor<55x64xf32>,
    %m82: tensor<55x64xf32> {meld.donate = 247 : i64},
    %v82: tensor<55x64xf32> {meld.donate = 248 : i64},
    %p83: tensor<6xf32> {meld.donate = 249 : i64},
    %g83: tensor<6xf32>,
    %m83: tensor<6xf32> {meld.donate = 250 : i64},
    %v83: tensor<6xf32> {meld.donate = 251 : i64},
    %p84: tensor<379x16xf32> {meld.donate = 252 : i64},
    %g84: tensor<379x16xf32>,
    %m84: tensor<379x16xf32> {meld.donate = 253 : i64},
    %v84: tensor<379x16xf32> {meld.donate = 254 : i64},
    %p85: tensor<1x64xf32> {meld.donate = 255 : i64},
    %g85: tensor<1x64xf32>,
    %m85: tensor<1x64xf32> {meld.donate = 256 : i64},
    %v85: tensor<1x64xf32> {meld.donate = 257 : i64},
    %p86: tensor<5xf32> {meld.donate = 258 : i64},
    %g86: tensor<5xf32>,
    %m86: tensor<5xf32> {meld.donate = 259 : i64},
    %v86: tensor<5xf32> {meld.donate = 260 : i64},
    %p87: tensor<116x128xf32> {meld.donate = 261 : i64},
    %g87: tensor<116x128xf32>,
    %m87: tensor<116x128xf32> {meld.donate = 262 : i64},
    %v87: tensor<116x128xf32> {meld.donate = 263 : i64},
    %p88: tensor<37xf32> {meld.donate = 264 : i64},
    %g88: tensor<37xf32>,
    %m88: tensor<37xf32> {meld.donate = 265 : i64},
    %v88: tensor<37xf32> {meld.donate = 266 : i64},
    %p89: tensor<92xf32> {meld.donate = 267 : i64},
    %g89: tensor<92xf32>,
    %m89: tensor<92xf32> {meld.donate = 268 : i64},
    %v89: tensor<92xf32> {meld.donate = 269 : i64},
    %p90: tensor<2958xf32> {meld.donate = 270 : i64},
    %g90: tensor<2958xf32>,
    %m90: tensor<2958xf32> {meld.donate = 271 : i64},
    %v90: tensor<2958xf32> {meld.donate = 272 : i64},
    %p91: tensor<86x96xf32> {meld.donate = 273 : i64},
    %g91: tensor<86x96xf32>,
    %m91: tensor<86x96xf32> {meld.donate = 274 : i64},
    %v91: tensor<86x96xf32> {meld.donate = 275 : i64},
    %p92: tensor<270x128xf32> {meld.donate = 276 : i64},
    %g92: tensor<270x128xf32>,
    %m92: tensor<270x128xf32> {meld.donate = 277 : i64},
    %v92: tensor<270x128xf32> {meld.donate = 278 : i64},
    %p93: tensor<11xf32> {meld.donate = 279 : i64},
    %g93: tensor<11xf32>,
    %m93: tensor<11xf32> {meld.donate = 280 : i64},
    %v93: tensor<11xf32> {meld.donate = 281 : i64},
    %p94: tensor<1x96xf32> {meld.donate = 282 : i64},
    %g94: tensor<1x96xf32>,
    %m94: tensor<1x96xf32> {meld.donate = 283 : i64},
    %v94: tensor<1x96xf32> {meld.donate = 284 : i64},
    %p95: tensor<118xf32> {meld.donate = 285 : i64},
    %g95: tensor<118xf32>,
    %m95: tensor<118xf32> {meld.donate = 286 : i64},
    %v95: tensor<118xf32> {meld.donate = 287 : i64},
    %p96: tensor<13x96xf32> {meld.donate = 288 : i64},
    %g96: tensor<13x96xf32>,
    %m96: tensor<13x96xf32> {meld.donate = 289 : i64},
    %v96: tensor<13x96xf32> {meld.donate = 290 : i64},
    %p97: tensor<3717x16xf32> {meld.donate = 291 : i64},
    %g97: tensor<3717x16xf32>,
    %m97: tensor<3717x16xf32> {meld.donate = 292 : i64},
    %v97: tensor<3717x16xf32> {meld.donate = 293 : i64},
    %p98: tensor<8xf32> {meld.donate = 294 : i64},
    %g98: tensor<8xf32>,
    %m98: tensor<8xf32> {meld.donate = 295 : i64},
    %v98: tensor<8xf32> {meld.donate = 296 : i64},
    %p99: tensor<2xf32> {meld.donate = 297 : i64},
    %g99: tensor<2xf32>,
    %m99: tensor<2xf32> {meld.donate = 298 : i64},
    %v99: tensor<2xf32> {meld.donate = 299 : i64},
    %p100: tensor<72x96xf32> {meld.donate = 300 : i64},
    %g100: tensor<72x96xf32>,
    %m100: tensor<72x96xf32> {meld.donate = 301 : i64},
    %v100: tensor<72x96xf32> {meld.donate = 302 : i64},
    %p101: tensor<94068xf32> {meld.donate = 303 : i64},
    %g101: tensor<94068xf32>,
    %m101: tensor<94068xf32> {meld.donate = 304 : i64},
    %v101: tensor<94068xf32> {meld.donate = 305 : i64},
    %p102: tensor<1xf32> {meld.donate = 306 : i64},
    %g102: tensor<1xf32>,
    %m102: tensor<1xf32> {meld.donate = 307 : i64},
    %v102: tensor<1xf32> {meld.donate = 308 : i64},
    %p103: tensor<1xf32> {meld.donate = 309 : i64},
    %g103: tensor<1xf32>,
    %m103: tensor<1xf32> {meld.donate = 310 : i64},
    %v103: tensor<1xf32> {meld.donate = 311 : i64},
    %p104: tensor<60xf32> {meld.donate = 312 : i64},
    %g104: tensor<60xf32>,
    %m104: tensor<60xf32> {meld.donate = 313 : i64},
    %v104: tensor<60xf32> {meld.donate = 314 : i64},
    %p105: tensor<403x96xf32> {meld.donate = 315 : i64},
    %g105: tensor<403x96xf32>,
    %m105: tensor<403x96xf32> {meld.donate = 316 : i64},
    %v105: tensor<403x96xf32> {meld.donate = 317 : i64},
    %p106: tensor<10xf32> {meld.donate = 318 : i64},
    %g106: tensor<10xf32>,
    %m106: tensor<10xf32> {meld.donate = 319 : i64},
    %v106: tensor<10xf32> {meld.donate = 320 : i64},
    %p107: tensor<297814xf32> {meld.donate = 321 : i64},
    %g107: tensor<297814xf32>,
    %m107: tensor<297814xf32> {meld.donate = 322 : i64},
    %v107: tensor<297814xf32> {meld.donate = 323 : i64},
    %p108: tensor<2xf32> {meld.donate = 324 : i64},
    %g108: tensor<2xf32>,
    %m108: tensor<2xf32> {meld.donate = 325 : i64},
    %v108: tensor<2xf32> {meld.donate = 326 : i64},
    %p109: tensor<9417xf32> {meld.donate = 327 : i64},
    %g109: tensor<9417xf32>,
    %m109: tensor<9417xf32> {meld.donate = 328 : i64},
    %v109: tensor<9417xf32> {meld.donate = 329 : i64},
    %p110: tensor<158xf32> {meld.donate = 330 : i64},
    %g110: tensor<158xf32>,
    %m110: tensor<158xf32> {meld.donate = 331 : i64},
    %v110: tensor<158xf32> {meld.donate = 332 : i64},
    %p111: tensor<53xf32> {meld.donate = 333 : i64},
    %g111: tensor<53xf32>,
    %m111: tensor<53xf32> {meld.donate = 334 : i64},
    %v111: tensor<53xf32> {meld.donate = 335 : i64},
    %p112: tensor<14xf32> {meld.donate = 336 : i64},
    %g112: tensor<14xf32>,
    %m112: tensor<14xf32> {meld.donate = 337 : i64},
    %v112: tensor<14xf32> {meld.donate = 338 : i64},
    %p113: tensor<66x128xf32> {meld.donate = 339 : i64},
    %g113: tensor<66x128xf32>,
    %m113: tensor<66x128xf32> {meld.donate = 340 : i64},
    %v113: tensor<66x128xf32> {meld.donate = 341 : i64},
    %p114: tensor<17x128xf32> {meld.donate = 342 : i64},
    %g114: tensor<17x128xf32>,
    %m114: tensor<17x128xf32> {meld.donate = 343 : i64},
    %v114: tensor<17x128xf32> {meld.donate = 344 : i64},
    %p115: tensor<3598xf32> {meld.donate = 345 : i64},
    %g115: tensor<3598xf32>,
    %m115: tensor<3598xf32> {meld.donate = 346 : i64},
    %v115: tensor<3598xf32> {meld.donate = 347 : i64},
    %p116: tensor<34xf32> {meld.donate = 348 : i64},
    %g116: tensor<34xf32>,
    %m116: tensor<34xf32> {meld.donate = 349 : i64},
    %v116: tensor<34xf32> {meld.donate = 350 : i64},
    %p117: tensor<2383x96xf32> {meld.donate = 351 : i64},
    %g117: tensor<2383x96xf32>,
    %m117: tensor<2383x96xf32> {meld.donate = 352 : i64},
    %v117: tensor<2383x96xf32> {meld.donate = 353 : i64},
    %p118: tensor<28x96xf32> {meld.donate = 354 : i64},
    %g118: tensor<28x96xf32>,
    %m118: tensor<28x96xf32> {meld.donate = 355 : i64},
    %v118: tensor<28x96xf32> {meld.donate = 356 : i64},
    %p119: tensor<375x64xf32> {meld.donate = 357 : i64},
    %g119: tensor<375x64xf32>,
    %m119: tensor<375x64xf32> {meld.donate = 358 : i64},
    %v119: tensor<375x64xf32> {meld.donate = 359 : i64},
    %p120: tensor<5xf32> {meld.donate = 360 : i64},
    %g120: tensor<5xf32>,
    %m120: tensor<5xf32> {meld.donate = 361 : i64},
    %v120: tensor<5xf32> {meld.donate = 362 : i64},
    %p121: tensor<712xf32> {meld.donate = 363 : i64},
    %g121: tensor<712xf32>,
    %m121: tensor<712xf32> {meld.donate = 364 : i64},
    %v121: tensor<712xf32> {meld.donate = 365 : i64},
    %p122: tensor<79xf32> {meld.donate = 366 : i64},
    %g122: tensor<79xf32>,
    %m122: tensor<79xf32> {meld.donate = 367 : i64},
    %v122: tensor<79xf32> {meld.donate = 368 : i64},
    %p123: tensor<33xf32> {meld.donate = 369 : i64},
    %g123: tensor<33xf32>,
    %m123: tensor<33xf32> {meld.donate = 370 : i64},
    %v123: tensor<33xf32> {meld.donate = 371 : i64},
    %p124: tensor<1xf32> {meld.donate = 372 : i64},
    %g124: tensor<1xf32>,
    %m124: tensor<1xf32> {meld.donate = 373 : i64},
    %v124: tensor<1xf32> {meld.donate = 374 : i64},
    %p125: tensor<1xf32> {meld.donate = 375 : i64},
    %g125: tensor<1xf32>,
    %m125: tensor<1xf32> {meld.donate = 376 : i64},
    %v125: tensor<1xf32> {meld.donate = 377 : i64},
    %p126: tensor<83x64xf32> {meld.donate = 378 : i64},
    %g126: tensor<83x64xf32>,
    %m126: tensor<83x64xf32> {meld.donate = 379 : i64},
    %v126: tensor<83x64xf32> {meld.donate = 380 : i64},
    %p127: tensor<138020xf32> {meld.donate = 381 : i64},
    %g127: tensor<138020xf32>,
    %m127: tensor<138020xf32> {meld.donate = 382 : i64},
    %v127: tensor<138020xf32> {meld.donate = 383 : i64},
    %p128: tensor<1xf32> {meld.donate = 384 : i64},
    %g128: tensor<1xf32>,
    %m128: tensor<1xf32> {meld.donate = 385 : i64},
    %v128: tensor<1xf32> {meld.donate = 386 : i64},
    %p129: tensor<12679xf32> {meld.donate = 387 : i64},
    %g129: tensor<12679xf32>,
    %m129: tensor<12679xf32> {meld.donate = 388 : i64},
    %v129: tensor<12679xf32> {meld.donate = 389 : i64},
    %p130: tensor<3885xf32> {meld.donate = 390 : i64},
    %g130: tensor<3885xf32>,
    %m130: tensor<3885xf32> {meld.donate = 391 : i64},
    %v130: tensor<3885xf32> {meld.donate = 392 : i64},
    %p131: tensor<87953xf32> {meld.donate = 393 : i64},
    %g131: tensor<87953xf32>,
    %m131: tensor<87953xf32> {meld.donate = 394 : i64},
    %v131: tensor<87953xf32> {meld.donate = 395 : i64},
    %p132: tensor<3x32xf32> {meld.donate = 396 : i64},
    %g132: tensor<3x32xf32>,
    %m132: tensor<3x32xf32> {meld.donate = 397 : i64},
    %v132: tensor<3x32xf32> {meld.donate = 398 : i64},
    %p133: tensor<3x32xf32> {meld.donate = 399 : i64},
    %g133: tensor<3x32xf32>,
    %m133: tensor<3x32xf32> {meld.donate = 400 : i64},
    %v133: tensor<3x32xf32> {meld.donate = 401 : i64},
    %p134: tensor<6xf32> {meld.donate = 402 : i64},
    %g134: tensor<6xf32>,
    %m134: tensor<6xf32> {meld.donate = 403 : i64},
    %v134: tensor<6xf32> {meld.donate = 404 : i64},
    %p135: tensor<67xf32> {meld.donate = 405 : i64},
    %g135: tensor<67xf32>,
    %m135: tensor<67xf32> {meld.donate = 406 : i64},
    %v135: tensor<67xf32> {meld.donate = 407 : i64},
    %p136: tensor<67x128xf32> {meld.donate = 408 : i64},
    %g136: tensor<67x128xf32>,
    %m136: tensor<67x128xf32> {meld.donate = 409 : i64},
    %v136: tensor<67x128xf32> {meld.donate = 410 : i64},
    %p137: tensor<1xf32> {meld.donate = 411 : i64},
    %g137: tensor<1xf32>,
    %m137: tensor<1xf32> {meld.donate = 412 : i64},
    %v137: tensor<1xf32> {meld.donate = 413 : i64},
    %p138: tensor<29xf32> {meld.donate = 414 : i64},
    %g138: tensor<29xf32>,
    %m138: tensor<29xf32> {meld.donate = 415 : i64},
    %v138: tensor<29xf32> {meld.donate = 416 : i64},
    %p139: tensor<6xf32> {meld.donate = 417 : i64},
    %g139: tensor<6xf32>,
    %m139: tensor<6xf32> {meld.donate = 418 : i64},
    %v139: tensor<6xf32> {meld.donate = 419 : i64},
    %p140: tensor<12x128xf32> {meld.donate = 420 : i64},
    %g140: tensor<12x128xf32>,
    %m140: tensor<12x128xf32> {meld.donate = 421 : i64},
    %v140: tensor<12x128xf32> {meld.donate = 422 : i64},
    %p141: tensor<5xf32> {meld.donate = 423 : i64},
    %g141: tensor<5xf32>,
    %m141: tensor<5xf32> {meld.donate = 424 : i64},
    %v141: tensor<5xf32> {meld.donate = 425 : i64},
    %p142: tensor<4xf32> {meld.donate = 426 : i64},
    %g142: tensor<4xf32>,
    %m142: tensor<4xf32> {meld.donate = 427 : i64},
    %v142: tensor<4xf32> {meld.donate = 428 : i64},
    %p143: tensor<10026xf32> {meld.donate = 429 : i64},
    %g143: tensor<10026xf32>,
    %m143: tensor<10026xf32> {meld.donate = 430 : i64},
    %v143: tensor<10026xf32> {meld.donate = 431 : i64},
    %p144: tensor<48xf32> {meld.donate = 432 : i64},
    %g144: tensor<48xf32>,
    %m144: tensor<48xf32> {meld.donate = 433 : i64},
    %v144: tensor<48xf32> {meld.donate = 434 : i64},
    %p145: tensor<49441xf32> {meld.donate = 435 : i64},
    %g145: tensor<49441xf32>,
    %m145: tensor<49441xf32> {meld.donate = 436 : i64},
    %v145: tensor<49441xf32> {meld.donate = 437 : i64},
    %p146: tensor<45xf32> {meld.donate = 438 : i64},
    %g146: tensor<45xf32>,
    %m146: tensor<45xf32> {meld.donate = 439 : i64},
    %v146: tensor<45xf32> {meld.donate = 440 : i64},
    %p147: tensor<2356x16xf32> {meld.donate = 441 : i64},
    %g147: tensor<2356x16xf32>,
    %m147: tensor<2356x16xf32> {meld.donate = 442 : i64},
    %v147: tensor<2356x16xf32> {meld.donate = 443 : i64},
    %p148: tensor<3xf32> {meld.donate = 444 : i64},
    %g148: tensor<3xf32>,
    %m148: tensor<3xf32> {meld.donate = 445 : i64},
    %v148: tensor<3xf32> {meld.donate = 446 : i64},
    %p149: tensor<1481x64xf32> {meld.donate = 447 : i64},
    %g149: tensor<1481x64xf32>,
    %m149: tensor<1481x64xf32> {meld.donate = 448 : i64},
    %v149: tensor<1481x64xf32> {meld.donate = 449 : i64},
    %p150: tensor<4xf32> {meld.donate = 450 : i64},
    %g150: tensor<4xf32>,
    %m150: tensor<4xf32> {meld.donate = 451 : i64},
    %v150: tensor<4xf32> {meld.donate = 452 : i64},
    %p151: tensor<4xf32> {meld.donate = 453 : i64},
    %g151: tensor<4xf32>,
    %m151: tensor<4xf32> {meld.donate = 454 : i64},
    %v151: tensor<4xf32> {meld.donate = 455 : i64},
    %p152: tensor<8x64xf32> {meld.donate = 456 : i64},
    %g152: tensor<8x64xf32>,
    %m152: tensor<8x64xf32> {meld.donate = 457 : i64},
    %v152: tensor<8x64xf32> {meld.donate = 458 : i64},
    %p153: tensor<10575xf32> {meld.donate = 459 : i64},
    %g153: tensor<10575xf32>,
    %m153: tensor<10575xf32> {meld.donate = 460 : i64},
    %v153: tensor<10575xf32> {meld.donate = 461 : i64},
    %p154: tensor<108955xf32> {meld.donate = 462 : i64},
    %g154: tensor<108955xf32>,
    %m154: tensor<108955xf32> {meld.donate = 463 : i64},
    %v154: tensor<108955xf32> {meld.donate = 464 : i64},
    %p155: tensor<114xf32> {meld.donate = 465 : i64},
    %g155: tensor<114xf32>,
    %m155: tensor<114xf32> {meld.donate = 466 : i64},
    %v155: tensor<114xf32> {meld.donate = 467 : i64},
    %p156: tensor<197x16xf32> {meld.donate = 468 : i64},
    %g156: tensor<197x16xf32>,
    %m156: tensor<197x16xf32> {meld.donate = 469 : i64},
    %v156: tensor<197x16xf32> {meld.donate = 470 : i64},
    %p157: tensor<12xf32> {meld.donate = 471 : i64},
    %g157: tensor<12xf32>,
    %m157: tensor<12xf32> {meld.donate = 472 : i64},
    %v157: tensor<12xf32> {meld.donate = 473 : i64},
    %p158: tensor<16xf32> {meld.donate = 474 : i64},
    %g158: tensor<16xf32>,
    %m158: tensor<16xf32> {meld.donate = 475 : i64},
    %v158: tensor<16xf32> {meld.donate = 476 : i64},
    %p159: tensor<1x128xf32> {meld.donate = 477 : i64},
    %g159: tensor<1x128xf32>,
    %m159: tensor<1x128xf32> {meld.donate = 478 : i64},
    %v159: tensor<1x128xf32> {meld.donate = 479 : i64},
    %p160: tensor<7x96xf32> {meld.donate = 480 : i64},
    %g160: tensor<7x96xf32>,
    %m160: tensor<7x96xf32> {meld.donate = 481 : i64},
    %v160: tensor<7x96xf32> {meld.donate = 482 : i64},
    %p161: tensor<20775xf32> {meld.donate = 483 : i64},
    %g161: tensor<20775xf32>,
    %m161: tensor<20775xf32> {meld.donate = 484 : i64},
    %v161: tensor<20775xf32> {meld.donate = 485 : i64},
    %p162: tensor<15xf32> {meld.donate = 486 : i64},
    %g162: tensor<15xf32>,
    %m162: tensor<15xf32> {meld.donate = 487 : i64},
    %v162: tensor<15xf32> {meld.donate = 488 : i64},
    %p163: tensor<2xf32> {meld.donate = 489 : i64},
    %g163: tensor<2xf32>,
    %m163: tensor<2xf32> {meld.donate = 490 : i64},
    %v163: tensor<2xf32> {meld.donate = 491 : i64},
    %p164: tensor<16xf32> {meld.donate = 492 : i64},
    %g164: tensor<16xf32>,
    %m164: tensor<16xf32> {meld.donate = 493 : i64},
    %v164: tensor<16xf32> {meld.donate = 494 : i64},
    %p165: tensor<9269x32xf32> {meld.donate = 495 : i64},
    %g165: tensor<9269x32xf32>,
    %m165: tensor<9269x32xf32> {meld.donate = 496 : i64},
    %v165: tensor<9269x32xf32> {meld.donate = 497 : i64},
    %p166: tensor<14x16xf32> {meld.donate = 498 : i64},
    %g166: tensor<14x16xf32>,
    %m166: tensor<14x16xf32> {meld.donate = 499 : i64},
    %v166: tensor<14x16xf32> {meld.donate = 500 : i64},
    %p167: tensor<31775xf32> {meld.donate = 501 : i64},
    %g167: tensor<31775xf32>,
    %m167: tensor<31775xf32> {meld.donate = 502 : i64},
    %v167: tensor<31775xf32> {meld.donate = 503 : i64},
    %p168: tensor<1xf32> {meld.donate = 504 : i64},
    %g168: tensor<1xf32>,
    %m168: tensor<1xf32> {meld.donate = 505 : i64},
    %v168: tensor<1xf32> {meld.donate = 506 : i64},
    %p169: tensor<758xf32> {meld.donate = 507 : i64},
    %g169: tensor<758xf32>,
    %m169: tensor<758xf32> {meld.donate = 508 : i64},
    %v169: tensor<758xf32> {meld.donate = 509 : i64},
    %p170: tensor<12xf32> {meld.donate = 510 : i64},
    %g170: tensor<12xf32>,
    %m170: tensor<12xf32> {meld.donate = 511 : i64},
    %v170: tensor<12xf32> {meld.donate = 512 : i64},
    %p171: tensor<32x16xf32> {meld.donate = 513 : i64},
    %g171: tensor<32x16xf32>,
    %m171: tensor<32x16xf32> {meld.donate = 514 : i64},
    %v171: tensor<32x16xf32> {meld.donate = 515 : i64},
    %p172: tensor<289009xf32> {meld.donate = 516 : i64},
    %g172: tensor<289009xf32>,
    %m172: tensor<289009xf32> {meld.donate = 517 : i64},
    %v172: tensor<289009xf32> {meld.donate = 518 : i64},
    %p173: tensor<27x96xf32> {meld.donate = 519 : i64},
    %g173: tensor<27x96xf32>,
    %m173: tensor<27x96xf32> {meld.donate = 520 : i64},
    %v173: tensor<27x96xf32> {meld.donate = 521 : i64},
    %p174: tensor<3x32xf32> {meld.donate = 522 : i64},
    %g174: tensor<3x32xf32>,
    %m174: tensor<3x32xf32> {meld.donate = 523 : i64},
    %v174: tensor<3x32xf32> {meld.donate = 524 : i64},
    %p175: tensor<3xf32> {meld.donate = 525 : i64},
    %g175: tensor<3xf32>,
    %m175: tensor<3xf32> {meld.donate = 526 : i64},
    %v175: tensor<3xf32> {meld.donate = 527 : i64},
    %p176: tensor<14x128xf32> {meld.donate = 528 : i64},
    %g176: tensor<14x128xf32>,
    %m176: tensor<14x128xf32> {meld.donate = 529 : i64},
    %v176: tensor<14x128xf32> {meld.donate = 530 : i64},
    %p177: tensor<167xf32> {meld.donate = 531 : i64},
    %g177: tensor<167xf32>,
    %m177: tensor<167xf32> {meld.donate = 532 : i64},
    %v177: tensor<167xf32> {meld.donate = 533 : i64},
    %p178: tensor<1001x64xf32> {meld.donate = 534 : i64},
    %g178: tensor<1001x64xf32>,
    %m178: tensor<1001x64xf32> {meld.donate = 535 : i64},
    %v178: tensor<1001x64xf32> {meld.donate = 536 : i64},
    %p179: tensor<36759xf32> {meld.donate = 537 : i64},
    %g179: tensor<36759xf32>,
    %m179: tensor<36759xf32> {meld.donate = 538 : i64},
    %v179: tensor<36759xf32> {meld.donate = 539 : i64},
    %p180: tensor<3008xf32> {meld.donate = 540 : i64},
    %g180: tensor<3008xf32>,
    %m180: tensor<3008xf32> {meld.donate = 541 : i64},
    %v180: tensor<3008xf32> {meld.donate = 542 : i64},
    %p181: tensor<939xf32> {meld.donate = 543 : i64},
    %g181: tensor<939xf32>,
    %m181: tensor<939xf32> {meld.donate = 544 : i64},
    %v181: tensor<939xf32> {meld.donate = 545 : i64},
    %p182: tensor<1xf32> {meld.donate = 546 : i64},
    %g182: tensor<1xf32>,
    %m182: tensor<1xf32> {meld.donate = 547 : i64},
    %v182: tensor<1xf32> {meld.donate = 548 : i64},
    %p183: tensor<7321xf32> {meld.donate = 549 : i64},
    %g183: tensor<7321xf32>,
    %m183: tensor<7321xf32> {meld.donate = 550 : i64},
    %v183: tensor<7321xf32> {meld.donate = 551 : i64},
    %p184: tensor<55xf32> {meld.donate = 552 : i64},
    %g184: tensor<55xf32>,
    %m184: tensor<55xf32> {meld.donate = 553 : i64},
    %v184: tensor<55xf32> {meld.donate = 554 : i64},
    %p185: tensor<57xf32> {meld.donate = 555 : i64},
    %g185: tensor<57xf32>,
    %m185: tensor<57xf32> {meld.donate = 556 : i64},
    %v185: tensor<57xf32> {meld.donate = 557 : i64},
    %p186: tensor<751xf32> {meld.donate = 558 : i64},
    %g186: tensor<751xf32>,
    %m186: tensor<751xf32> {meld.donate = 559 : i64},
    %v186: tensor<751xf32> {meld.donate = 560 : i64},
    %p187: tensor<20x96xf32> {meld.donate = 561 : i64},
    %g187: tensor<20x96xf32>,
    %m187: tensor<20x96xf32> {meld.donate = 562 : i64},
    %v187: tensor<20x96xf32> {meld.donate = 563 : i64},
    %p188: tensor<1559xf32> {meld.donate = 564 : i64},
    %g188: tensor<1559xf32>,
    %m188: tensor<1559xf32> {meld.donate = 565 : i64},
    %v188: tensor<1559xf32> {meld.donate = 566 : i64},
    %p189: tensor<1645x16xf32> {meld.donate = 567 : i64},
    %g189: tensor<1645x16xf32>,
    %m189: tensor<1645x16xf32> {meld.donate = 568 : i64},
    %v189: tensor<1645x16xf32> {meld.donate = 569 : i64},
    %p190: tensor<674xf32> {meld.donate = 570 : i64},
    %g190: tensor<674xf32>,
    %m190: tensor<674xf32> {meld.donate = 571 : i64},
    %v190: tensor<674xf32> {meld.donate = 572 : i64},
    %p191: tensor<2xf32> {meld.donate = 573 : i64},
    %g191: tensor<2xf32>,
    %m191: tensor<2xf32> {meld.donate = 574 : i64},
    %v191: tensor<2xf32> {meld.donate = 575 : i64},
    %p192: tensor<5xf32> {meld.donate = 576 : i64},
    %g192: tensor<5xf32>,
    %m192: tensor<5xf32> {meld.donate = 577 : i64},
    %v192: tensor<5xf32> {meld.donate = 578 : i64},
    %p193: tensor<44xf32> {meld.donate = 579 : i64},
    %g193: tensor<44xf32>,
    %m193: tensor<44xf32> {meld.donate = 580 : i64},
    %v193: tensor<44xf32> {meld.donate = 581 : i64},
    %p194: tensor<448x32xf32> {meld.donate = 582 : i64},
    %g194: tensor<448x32xf32>,
    %m194: tensor<448x32xf32> {meld.donate = 583 : i64},
    %v194: tensor<448x32xf32> {meld.donate = 584 : i64},
    %p195: tensor<24279xf32> {meld.donate = 585 : i64},
    %g195: tensor<24279xf32>,
    %m195: tensor<24279xf32> {meld.donate = 586 : i64},
    %v195: tensor<24279xf32> {meld.donate = 587 : i64},
    %p196: tensor<3x96xf32> {meld.donate = 588 : i64},
    %g196: tensor<3x96xf32>,
    %m196: tensor<3x96xf32> {meld.donate = 589 : i64},
    %v196: tensor<3x96xf32> {meld.donate = 590 : i64},
    %p197: tensor<673x128xf32> {meld.donate = 591 : i64},
    %g197: tensor<673x128xf32>,
    %m197: tensor<673x128xf32> {meld.donate = 592 : i64},
    %v197: tensor<673x128xf32> {meld.donate = 593 : i64},
    %p198: tensor<3xf32> {meld.donate = 594 : i64},
    %g198: tensor<3xf32>,
    %m198: tensor<3xf32> {meld.donate = 595 : i64},
    %v198: tensor<3xf32> {meld.donate = 596 : i64},
    %p199: tensor<174x128xf32> {meld.donate = 597 : i64},
    %g199: tensor<174x128xf32>,
    %m199: tensor<174x128xf32> {meld.donate = 598 : i64},
    %v199: tensor<174x128xf32> {meld.donate = 599 : i64})
    -> (tensor<42169xf32>, tensor<42169xf32>, tensor<42169xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<458xf32>, tensor<458xf32>, tensor<458xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<91xf32>, tensor<91xf32>, tensor<91xf32>, tensor<15xf32>, tensor<15xf32>, tensor<15xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<825xf32>, tensor<825xf32>, tensor<825xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<26xf32>, tensor<26xf32>, tensor<26xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<66xf32>, tensor<66xf32>, tensor<66xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<54xf32>, tensor<54xf32>, tensor<54xf32>, tensor<21xf32>, tensor<21xf32>, tensor<21xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<421xf32>, tensor<421xf32>, tensor<421xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<26xf32>, tensor<26xf32>, tensor<26xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<92xf32>, tensor<92xf32>, tensor<92xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<92xf32>, tensor<92xf32>, tensor<92xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<11xf32>, tensor<11xf32>, tensor<11xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<118xf32>, tensor<118xf32>, tensor<118xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<60xf32>, tensor<60xf32>, tensor<60xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<158xf32>, tensor<158xf32>, tensor<158xf32>, tensor<53xf32>, tensor<53xf32>, tensor<53xf32>, tensor<14xf32>, tensor<14xf32>, tensor<14xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<34xf32>, tensor<34xf32>, tensor<34xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<712xf32>, tensor<712xf32>, tensor<712xf32>, tensor<79xf32>, tensor<79xf32>, tensor<79xf32>, tensor<33xf32>, tensor<33xf32>, tensor<33xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<48xf32>, tensor<48xf32>, tensor<48xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<45xf32>, tensor<45xf32>, tensor<45xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<114xf32>, tensor<114xf32>, tensor<114xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<15xf32>, tensor<15xf32>, tensor<15xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<758xf32>, tensor<758xf32>, tensor<758xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<167xf32>, tensor<167xf32>, tensor<167xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<939xf32>, tensor<939xf32>, tensor<939xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<55xf32>, tensor<55xf32>, tensor<55xf32>, tensor<57xf32>, tensor<57xf32>, tensor<57xf32>, tensor<751xf32>, tensor<751xf32>, tensor<751xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<674xf32>, tensor<674xf32>, tensor<674xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<44xf32>, tensor<44xf32>, tensor<44xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<174x128xf32>, tensor<174x128xf32>, tensor<174x128xf32>) {
    %lerp_w_0 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<42169xf32>
    %beta2_0 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<42169xf32>
    %omb2_0 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<42169xf32>
    %bc2_sqrt_0 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<42169xf32>
    %eps_0 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<42169xf32>
    %step_size_0 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<42169xf32>
    %one0 = meld.constant dense<1.0> : tensor<42169xf32>
    %half0 = meld.constant dense<0.5> : tensor<42169xf32>
    %wabs0 = meld.abs %lerp_w_0 : tensor<42169xf32>
    %small0 = meld.compare lt, %wabs0, %half0 : tensor<42169xf32>
    %wm10 = meld.sub %lerp_w_0, %one0 : tensor<42169xf32>
    %coef0 = meld.select %small0, %lerp_w_0, %wm10 : tensor<42169xi1>, tensor<42169xf32>
    %base0 = meld.select %small0, %m0, %g0 : tensor<42169xi1>, tensor<42169xf32>
    %gm0 = meld.sub %g0, %m0 : tensor<42169xf32>
    %m0n = meld.fma %coef0, %gm0, %base0 : tensor<42169xf32>
    %vb0 = meld.mul %v0, %beta2_0 : tensor<42169xf32>
    %og0 = meld.mul %omb2_0, %g0 : tensor<42169xf32>
    %v0n = meld.fma %og0, %g0, %vb0 : tensor<42169xf32>
    %sq0 = meld.sqrt %v0n : tensor<42169xf32>
    %sc0 = meld.div %sq0, %bc2_sqrt_0 : tensor<42169xf32>
    %den0 = meld.add %sc0, %eps_0 : tensor<42169xf32>
    %sm0 = meld.mul %step_size_0, %m0n : tensor<42169xf32>
    %q0 = meld.div %sm0, %den0 : tensor<42169xf32>
    %p0n = meld.add %p0, %q0 : tensor<42169xf32>
    %lerp_w_1 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %beta2_1 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %omb2_1 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %bc2_sqrt_1 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %eps_1 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %step_size_1 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %one1 = meld.constant dense<1.0> : tensor<1x128xf32>
    %half1 = meld.constant dense<0.5> : tensor<1x128xf32>
    %wabs1 = meld.abs %lerp_w_1 : tensor<1x128xf32>
    %small1 = meld.compare lt, %wabs1, %half1 : tensor<1x128xf32>
    %wm11 = meld.sub %lerp_w_1, %one1 : tensor<1x128xf32>
    %coef1 = meld.select %small1, %lerp_w_1, %wm11 : tensor<1x128xi1>, tensor<1x128xf32>
    %base1 = meld.select %small1, %m1, %g1 : tensor<1x128xi1>, tensor<1x128xf32>
    %gm1 = meld.sub %g1, %m1 : tensor<1x128xf32>
    %m1n = meld.fma %coef1, %gm1, %base1 : tensor<1x128xf32>
    %vb1 = meld.mul %v1, %beta2_1 : tensor<1x128xf32>
    %og1 = meld.mul %omb2_1, %g1 : tensor<1x128xf32>
    %v1n = meld.fma %og1, %g1, %vb1 : tensor<1x128xf32>
    %sq1 = meld.sqrt %v1n : tensor<1x128xf32>
    %sc1 = meld.div %sq1, %bc2_sqrt_1 : tensor<1x128xf32>
    %den1 = meld.add %sc1, %eps_1 : tensor<1x128xf32>
    %sm1 = meld.mul %step_size_1, %m1n : tensor<1x128xf32>
    %q1 = meld.div %sm1, %den1 : tensor<1x128xf32>
    %p1n = meld.add %p1, %q1 : tensor<1x128xf32>
    %lerp_w_2 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<458xf32>
    %beta2_2 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<458xf32>
    %omb2_2 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<458xf32>
    %bc2_sqrt_2 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<458xf32>
    %eps_2 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<458xf32>
    %step_size_2 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<458xf32>
    %one2 = meld.constant dense<1.0> : tensor<458xf32>
    %half2 = meld.constant dense<0.5> : tensor<458xf32>
    %wabs2 = meld.abs %lerp_w_2 : tensor<458xf32>
    %small2 = meld.compare lt, %wabs2, %half2 : tensor<458xf32>
    %wm12 = meld.sub %lerp_w_2, %one2 : tensor<458xf32>
    %coef2 = meld.select %small2, %lerp_w_2, %wm12 : tensor<458xi1>, tensor<458xf32>
    %base2 = meld.select %small2, %m2, %g2 : tensor<458xi1>, tensor<458xf32>
    %gm2 = meld.sub %g2, %m2 : tensor<458xf32>
    %m2n = meld.fma %coef2, %gm2, %base2 : tensor<458xf32>
    %vb2 = meld.mul %v2, %beta2_2 : tensor<458xf32>
    %og2 = meld.mul %omb2_2, %g2 : tensor<458xf32>
    %v2n = meld.fma %og2, %g2, %vb2 : tensor<458xf32>
    %sq2 = meld.sqrt %v2n : tensor<458xf32>
    %sc2 = meld.div %sq2, %bc2_sqrt_2 : tensor<458xf32>
    %den2 = meld.add %sc2, %eps_2 : tensor<458xf32>
    %sm2 = meld.mul %step_size_2, %m2n : tensor<458xf32>
    %q2 = meld.div %sm2, %den2 : tensor<458xf32>
    %p2n = meld.add %p2, %q2 : tensor<458xf32>
    %lerp_w_3 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<35091xf32>
    %beta2_3 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<35091xf32>
    %omb2_3 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<35091xf32>
    %bc2_sqrt_3 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<35091xf32>
    %eps_3 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<35091xf32>
    %step_size_3 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<35091xf32>
    %one3 = meld.constant dense<1.0> : tensor<35091xf32>
    %half3 = meld.constant dense<0.5> : tensor<35091xf32>
    %wabs3 = meld.abs %lerp_w_3 : tensor<35091xf32>
    %small3 = meld.compare lt, %wabs3, %half3 : tensor<35091xf32>
    %wm13 = meld.sub %lerp_w_3, %one3 : tensor<35091xf32>
    %coef3 = meld.select %small3, %lerp_w_3, %wm13 : tensor<35091xi1>, tensor<35091xf32>
    %base3 = meld.select %small3, %m3, %g3 : tensor<35091xi1>, tensor<35091xf32>
    %gm3 = meld.sub %g3, %m3 : tensor<35091xf32>
    %m3n = meld.fma %coef3, %gm3, %base3 : tensor<35091xf32>
    %vb3 = meld.mul %v3, %beta2_3 : tensor<35091xf32>
    %og3 = meld.mul %omb2_3, %g3 : tensor<35091xf32>
    %v3n = meld.fma %og3, %g3, %vb3 : tensor<35091xf32>
    %sq3 = meld.sqrt %v3n : tensor<35091xf32>
    %sc3 = meld.div %sq3, %bc2_sqrt_3 : tensor<35091xf32>
    %den3 = meld.add %sc3, %eps_3 : tensor<35091xf32>
    %sm3 = meld.mul %step_size_3, %m3n : tensor<35091xf32>
    %q3 = meld.div %sm3, %den3 : tensor<35091xf32>
    %p3n = meld.add %p3, %q3 : tensor<35091xf32>
    %lerp_w_4 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<91xf32>
    %beta2_4 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<91xf32>
    %omb2_4 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<91xf32>
    %bc2_sqrt_4 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<91xf32>
    %eps_4 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<91xf32>
    %step_size_4 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<91xf32>
    %one4 = meld.constant dense<1.0> : tensor<91xf32>
    %half4 = meld.constant dense<0.5> : tensor<91xf32>
    %wabs4 = meld.abs %lerp_w_4 : tensor<91xf32>
    %small4 = meld.compare lt, %wabs4, %half4 : tensor<91xf32>
    %wm14 = meld.sub %lerp_w_4, %one4 : tensor<91xf32>
    %coef4 = meld.select %small4, %lerp_w_4, %wm14 : tensor<91xi1>, tensor<91xf32>
    %base4 = meld.select %small4, %m4, %g4 : tensor<91xi1>, tensor<91xf32>
    %gm4 = meld.sub %g4, %m4 : tensor<91xf32>
    %m4n = meld.fma %coef4, %gm4, %base4 : tensor<91xf32>
    %vb4 = meld.mul %v4, %beta2_4 : tensor<91xf32>
    %og4 = meld.mul %omb2_4, %g4 : tensor<91xf32>
    %v4n = meld.fma %og4, %g4, %vb4 : tensor<91xf32>
    %sq4 = meld.sqrt %v4n : tensor<91xf32>
    %sc4 = meld.div %sq4, %bc2_sqrt_4 : tensor<91xf32>
    %den4 = meld.add %sc4, %eps_4 : tensor<91xf32>
    %sm4 = meld.mul %step_size_4, %m4n : tensor<91xf32>
    %q4 = meld.div %sm4, %den4 : tensor<91xf32>
    %p4n = meld.add %p4, %q4 : tensor<91xf32>
    %lerp_w_5 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<15xf32>
    %beta2_5 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<15xf32>
    %omb2_5 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<15xf32>
    %bc2_sqrt_5 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<15xf32>
    %eps_5 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<15xf32>
    %step_size_5 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<15xf32>
    %one5 = meld.constant dense<1.0> : tensor<15xf32>
    %half5 = meld.constant dense<0.5> : tensor<15xf32>
    %wabs5 = meld.abs %lerp_w_5 : tensor<15xf32>
    %small5 = meld.compare lt, %wabs5, %half5 : tensor<15xf32>
    %wm15 = meld.sub %lerp_w_5, %one5 : tensor<15xf32>
    %coef5 = meld.select %small5, %lerp_w_5, %wm15 : tensor<15xi1>, tensor<15xf32>
    %base5 = meld.select %small5, %m5, %g5 : tensor<15xi1>, tensor<15xf32>
    %gm5 = meld.sub %g5, %m5 : tensor<15xf32>
    %m5n = meld.fma %coef5, %gm5, %base5 : tensor<15xf32>
    %vb5 = meld.mul %v5, %beta2_5 : tensor<15xf32>
    %og5 = meld.mul %omb2_5, %g5 : tensor<15xf32>
    %v5n = meld.fma %og5, %g5, %vb5 : tensor<15xf32>
    %sq5 = meld.sqrt %v5n : tensor<15xf32>
    %sc5 = meld.div %sq5, %bc2_sqrt_5 : tensor<15xf32>
    %den5 = meld.add %sc5, %eps_5 : tensor<15xf32>
    %sm5 = meld.mul %step_size_5, %m5n : tensor<15xf32>
    %q5 = meld.div %sm5, %den5 : tensor<15xf32>
    %p5n = meld.add %p5, %q5 : tensor<15xf32>
    %lerp_w_6 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5xf32>
    %beta2_6 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5xf32>
    %omb2_6 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5xf32>
    %bc2_sqrt_6 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_6 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %step_size_6 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5xf32>
    %one6 = meld.constant dense<1.0> : tensor<5xf32>
    %half6 = meld.constant dense<0.5> : tensor<5xf32>
    %wabs6 = meld.abs %lerp_w_6 : tensor<5xf32>
    %small6 = meld.compare lt, %wabs6, %half6 : tensor<5xf32>
    %wm16 = meld.sub %lerp_w_6, %one6 : tensor<5xf32>
    %coef6 = meld.select %small6, %lerp_w_6, %wm16 : tensor<5xi1>, tensor<5xf32>
    %base6 = meld.select %small6, %m6, %g6 : tensor<5xi1>, tensor<5xf32>
    %gm6 = meld.sub %g6, %m6 : tensor<5xf32>
    %m6n = meld.fma %coef6, %gm6, %base6 : tensor<5xf32>
    %vb6 = meld.mul %v6, %beta2_6 : tensor<5xf32>
    %og6 = meld.mul %omb2_6, %g6 : tensor<5xf32>
    %v6n = meld.fma %og6, %g6, %vb6 : tensor<5xf32>
    %sq6 = meld.sqrt %v6n : tensor<5xf32>
    %sc6 = meld.div %sq6, %bc2_sqrt_6 : tensor<5xf32>
    %den6 = meld.add %sc6, %eps_6 : tensor<5xf32>
    %sm6 = meld.mul %step_size_6, %m6n : tensor<5xf32>
    %q6 = meld.div %sm6, %den6 : tensor<5xf32>
    %p6n = meld.add %p6, %q6 : tensor<5xf32>
    %lerp_w_7 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5xf32>
    %beta2_7 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5xf32>
    %omb2_7 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5xf32>
    %bc2_sqrt_7 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_7 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %step_size_7 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5xf32>
    %one7 = meld.constant dense<1.0> : tensor<5xf32>
    %half7 = meld.constant dense<0.5> : tensor<5xf32>
    %wabs7 = meld.abs %lerp_w_7 : tensor<5xf32>
    %small7 = meld.compare lt, %wabs7, %half7 : tensor<5xf32>
    %wm17 = meld.sub %lerp_w_7, %one7 : tensor<5xf32>
    %coef7 = meld.select %small7, %lerp_w_7, %wm17 : tensor<5xi1>, tensor<5xf32>
    %base7 = meld.select %small7, %m7, %g7 : tensor<5xi1>, tensor<5xf32>
    %gm7 = meld.sub %g7, %m7 : tensor<5xf32>
    %m7n = meld.fma %coef7, %gm7, %base7 : tensor<5xf32>
    %vb7 = meld.mul %v7, %beta2_7 : tensor<5xf32>
    %og7 = meld.mul %omb2_7, %g7 : tensor<5xf32>
    %v7n = meld.fma %og7, %g7, %vb7 : tensor<5xf32>
    %sq7 = meld.sqrt %v7n : tensor<5xf32>
    %sc7 = meld.div %sq7, %bc2_sqrt_7 : tensor<5xf32>
    %den7 = meld.add %sc7, %eps_7 : tensor<5xf32>
    %sm7 = meld.mul %step_size_7, %m7n : tensor<5xf32>
    %q7 = meld.div %sm7, %den7 : tensor<5xf32>
    %p7n = meld.add %p7, %q7 : tensor<5xf32>
    %lerp_w_8 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3xf32>
    %beta2_8 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3xf32>
    %omb2_8 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3xf32>
    %bc2_sqrt_8 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_8 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %step_size_8 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3xf32>
    %one8 = meld.constant dense<1.0> : tensor<3xf32>
    %half8 = meld.constant dense<0.5> : tensor<3xf32>
    %wabs8 = meld.abs %lerp_w_8 : tensor<3xf32>
    %small8 = meld.compare lt, %wabs8, %half8 : tensor<3xf32>
    %wm18 = meld.sub %lerp_w_8, %one8 : tensor<3xf32>
    %coef8 = meld.select %small8, %lerp_w_8, %wm18 : tensor<3xi1>, tensor<3xf32>
    %base8 = meld.select %small8, %m8, %g8 : tensor<3xi1>, tensor<3xf32>
    %gm8 = meld.sub %g8, %m8 : tensor<3xf32>
    %m8n = meld.fma %coef8, %gm8, %base8 : tensor<3xf32>
    %vb8 = meld.mul %v8, %beta2_8 : tensor<3xf32>
    %og8 = meld.mul %omb2_8, %g8 : tensor<3xf32>
    %v8n = meld.fma %og8, %g8, %vb8 : tensor<3xf32>
    %sq8 = meld.sqrt %v8n : tensor<3xf32>
    %sc8 = meld.div %sq8, %bc2_sqrt_8 : tensor<3xf32>
    %den8 = meld.add %sc8, %eps_8 : tensor<3xf32>
    %sm8 = meld.mul %step_size_8, %m8n : tensor<3xf32>
    %q8 = meld.div %sm8, %den8 : tensor<3xf32>
    %p8n = meld.add %p8, %q8 : tensor<3xf32>
    %lerp_w_9 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<23901xf32>
    %beta2_9 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<23901xf32>
    %omb2_9 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<23901xf32>
    %bc2_sqrt_9 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<23901xf32>
    %eps_9 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<23901xf32>
    %step_size_9 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<23901xf32>
    %one9 = meld.constant dense<1.0> : tensor<23901xf32>
    %half9 = meld.constant dense<0.5> : tensor<23901xf32>
    %wabs9 = meld.abs %lerp_w_9 : tensor<23901xf32>
    %small9 = meld.compare lt, %wabs9, %half9 : tensor<23901xf32>
    %wm19 = meld.sub %lerp_w_9, %one9 : tensor<23901xf32>
    %coef9 = meld.select %small9, %lerp_w_9, %wm19 : tensor<23901xi1>, tensor<23901xf32>
    %base9 = meld.select %small9, %m9, %g9 : tensor<23901xi1>, tensor<23901xf32>
    %gm9 = meld.sub %g9, %m9 : tensor<23901xf32>
    %m9n = meld.fma %coef9, %gm9, %base9 : tensor<23901xf32>
    %vb9 = meld.mul %v9, %beta2_9 : tensor<23901xf32>
    %og9 = meld.mul %omb2_9, %g9 : tensor<23901xf32>
    %v9n = meld.fma %og9, %g9, %vb9 : tensor<23901xf32>
    %sq9 = meld.sqrt %v9n : tensor<23901xf32>
    %sc9 = meld.div %sq9, %bc2_sqrt_9 : tensor<23901xf32>
    %den9 = meld.add %sc9, %eps_9 : tensor<23901xf32>
    %sm9 = meld.mul %step_size_9, %m9n : tensor<23901xf32>
    %q9 = meld.div %sm9, %den9 : tensor<23901xf32>
    %p9n = meld.add %p9, %q9 : tensor<23901xf32>
    %lerp_w_10 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<825xf32>
    %beta2_10 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<825xf32>
    %omb2_10 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<825xf32>
    %bc2_sqrt_10 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<825xf32>
    %eps_10 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<825xf32>
    %step_size_10 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<825xf32>
    %one10 = meld.constant dense<1.0> : tensor<825xf32>
    %half10 = meld.constant dense<0.5> : tensor<825xf32>
    %wabs10 = meld.abs %lerp_w_10 : tensor<825xf32>
    %small10 = meld.compare lt, %wabs10, %half10 : tensor<825xf32>
    %wm110 = meld.sub %lerp_w_10, %one10 : tensor<825xf32>
    %coef10 = meld.select %small10, %lerp_w_10, %wm110 : tensor<825xi1>, tensor<825xf32>
    %base10 = meld.select %small10, %m10, %g10 : tensor<825xi1>, tensor<825xf32>
    %gm10 = meld.sub %g10, %m10 : tensor<825xf32>
    %m10n = meld.fma %coef10, %gm10, %base10 : tensor<825xf32>
    %vb10 = meld.mul %v10, %beta2_10 : tensor<825xf32>
    %og10 = meld.mul %omb2_10, %g10 : tensor<825xf32>
    %v10n = meld.fma %og10, %g10, %vb10 : tensor<825xf32>
    %sq10 = meld.sqrt %v10n : tensor<825xf32>
    %sc10 = meld.div %sq10, %bc2_sqrt_10 : tensor<825xf32>
    %den10 = meld.add %sc10, %eps_10 : tensor<825xf32>
    %sm10 = meld.mul %step_size_10, %m10n : tensor<825xf32>
    %q10 = meld.div %sm10, %den10 : tensor<825xf32>
    %p10n = meld.add %p10, %q10 : tensor<825xf32>
    %lerp_w_11 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %beta2_11 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %omb2_11 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %bc2_sqrt_11 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %eps_11 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %step_size_11 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %one11 = meld.constant dense<1.0> : tensor<123x16xf32>
    %half11 = meld.constant dense<0.5> : tensor<123x16xf32>
    %wabs11 = meld.abs %lerp_w_11 : tensor<123x16xf32>
    %small11 = meld.compare lt, %wabs11, %half11 : tensor<123x16xf32>
    %wm111 = meld.sub %lerp_w_11, %one11 : tensor<123x16xf32>
    %coef11 = meld.select %small11, %lerp_w_11, %wm111 : tensor<123x16xi1>, tensor<123x16xf32>
    %base11 = meld.select %small11, %m11, %g11 : tensor<123x16xi1>, tensor<123x16xf32>
    %gm11 = meld.sub %g11, %m11 : tensor<123x16xf32>
    %m11n = meld.fma %coef11, %gm11, %base11 : tensor<123x16xf32>
    %vb11 = meld.mul %v11, %beta2_11 : tensor<123x16xf32>
    %og11 = meld.mul %omb2_11, %g11 : tensor<123x16xf32>
    %v11n = meld.fma %og11, %g11, %vb11 : tensor<123x16xf32>
    %sq11 = meld.sqrt %v11n : tensor<123x16xf32>
    %sc11 = meld.div %sq11, %bc2_sqrt_11 : tensor<123x16xf32>
    %den11 = meld.add %sc11, %eps_11 : tensor<123x16xf32>
    %sm11 = meld.mul %step_size_11, %m11n : tensor<123x16xf32>
    %q11 = meld.div %sm11, %den11 : tensor<123x16xf32>
    %p11n = meld.add %p11, %q11 : tensor<123x16xf32>
    %lerp_w_12 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<9939xf32>
    %beta2_12 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<9939xf32>
    %omb2_12 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<9939xf32>
    %bc2_sqrt_12 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<9939xf32>
    %eps_12 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<9939xf32>
    %step_size_12 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<9939xf32>
    %one12 = meld.constant dense<1.0> : tensor<9939xf32>
    %half12 = meld.constant dense<0.5> : tensor<9939xf32>
    %wabs12 = meld.abs %lerp_w_12 : tensor<9939xf32>
    %small12 = meld.compare lt, %wabs12, %half12 : tensor<9939xf32>
    %wm112 = meld.sub %lerp_w_12, %one12 : tensor<9939xf32>
    %coef12 = meld.select %small12, %lerp_w_12, %wm112 : tensor<9939xi1>, tensor<9939xf32>
    %base12 = meld.select %small12, %m12, %g12 : tensor<9939xi1>, tensor<9939xf32>
    %gm12 = meld.sub %g12, %m12 : tensor<9939xf32>
    %m12n = meld.fma %coef12, %gm12, %base12 : tensor<9939xf32>
    %vb12 = meld.mul %v12, %beta2_12 : tensor<9939xf32>
    %og12 = meld.mul %omb2_12, %g12 : tensor<9939xf32>
    %v12n = meld.fma %og12, %g12, %vb12 : tensor<9939xf32>
    %sq12 = meld.sqrt %v12n : tensor<9939xf32>
    %sc12 = meld.div %sq12, %bc2_sqrt_12 : tensor<9939xf32>
    %den12 = meld.add %sc12, %eps_12 : tensor<9939xf32>
    %sm12 = meld.mul %step_size_12, %m12n : tensor<9939xf32>
    %q12 = meld.div %sm12, %den12 : tensor<9939xf32>
    %p12n = meld.add %p12, %q12 : tensor<9939xf32>
    %lerp_w_13 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %beta2_13 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %omb2_13 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %bc2_sqrt_13 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %eps_13 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %step_size_13 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %one13 = meld.constant dense<1.0> : tensor<348x16xf32>
    %half13 = meld.constant dense<0.5> : tensor<348x16xf32>
    %wabs13 = meld.abs %lerp_w_13 : tensor<348x16xf32>
    %small13 = meld.compare lt, %wabs13, %half13 : tensor<348x16xf32>
    %wm113 = meld.sub %lerp_w_13, %one13 : tensor<348x16xf32>
    %coef13 = meld.select %small13, %lerp_w_13, %wm113 : tensor<348x16xi1>, tensor<348x16xf32>
    %base13 = meld.select %small13, %m13, %g13 : tensor<348x16xi1>, tensor<348x16xf32>
    %gm13 = meld.sub %g13, %m13 : tensor<348x16xf32>
    %m13n = meld.fma %coef13, %gm13, %base13 : tensor<348x16xf32>
    %vb13 = meld.mul %v13, %beta2_13 : tensor<348x16xf32>
    %og13 = meld.mul %omb2_13, %g13 : tensor<348x16xf32>
    %v13n = meld.fma %og13, %g13, %vb13 : tensor<348x16xf32>
    %sq13 = meld.sqrt %v13n : tensor<348x16xf32>
    %sc13 = meld.div %sq13, %bc2_sqrt_13 : tensor<348x16xf32>
    %den13 = meld.add %sc13, %eps_13 : tensor<348x16xf32>
    %sm13 = meld.mul %step_size_13, %m13n : tensor<348x16xf32>
    %q13 = meld.div %sm13, %den13 : tensor<348x16xf32>
    %p13n = meld.add %p13, %q13 : tensor<348x16xf32>
    %lerp_w_14 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %beta2_14 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %omb2_14 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %bc2_sqrt_14 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %eps_14 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %step_size_14 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %one14 = meld.constant dense<1.0> : tensor<2x32xf32>
    %half14 = meld.constant dense<0.5> : tensor<2x32xf32>
    %wabs14 = meld.abs %lerp_w_14 : tensor<2x32xf32>
    %small14 = meld.compare lt, %wabs14, %half14 : tensor<2x32xf32>
    %wm114 = meld.sub %lerp_w_14, %one14 : tensor<2x32xf32>
    %coef14 = meld.select %small14, %lerp_w_14, %wm114 : tensor<2x32xi1>, tensor<2x32xf32>
    %base14 = meld.select %small14, %m14, %g14 : tensor<2x32xi1>, tensor<2x32xf32>
    %gm14 = meld.sub %g14, %m14 : tensor<2x32xf32>
    %m14n = meld.fma %coef14, %gm14, %base14 : tensor<2x32xf32>
    %vb14 = meld.mul %v14, %beta2_14 : tensor<2x32xf32>
    %og14 = meld.mul %omb2_14, %g14 : tensor<2x32xf32>
    %v14n = meld.fma %og14, %g14, %vb14 : tensor<2x32xf32>
    %sq14 = meld.sqrt %v14n : tensor<2x32xf32>
    %sc14 = meld.div %sq14, %bc2_sqrt_14 : tensor<2x32xf32>
    %den14 = meld.add %sc14, %eps_14 : tensor<2x32xf32>
    %sm14 = meld.mul %step_size_14, %m14n : tensor<2x32xf32>
    %q14 = meld.div %sm14, %den14 : tensor<2x32xf32>
    %p14n = meld.add %p14, %q14 : tensor<2x32xf32>
    %lerp_w_15 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %beta2_15 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %omb2_15 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %bc2_sqrt_15 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %eps_15 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %step_size_15 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %one15 = meld.constant dense<1.0> : tensor<1538x128xf32>
    %half15 = meld.constant dense<0.5> : tensor<1538x128xf32>
    %wabs15 = meld.abs %lerp_w_15 : tensor<1538x128xf32>
    %small15 = meld.compare lt, %wabs15, %half15 : tensor<1538x128xf32>
    %wm115 = meld.sub %lerp_w_15, %one15 : tensor<1538x128xf32>
    %coef15 = meld.select %small15, %lerp_w_15, %wm115 : tensor<1538x128xi1>, tensor<1538x128xf32>
    %base15 = meld.select %small15, %m15, %g15 : tensor<1538x128xi1>, tensor<1538x128xf32>
    %gm15 = meld.sub %g15, %m15 : tensor<1538x128xf32>
    %m15n = meld.fma %coef15, %gm15, %base15 : tensor<1538x128xf32>
    %vb15 = meld.mul %v15, %beta2_15 : tensor<1538x128xf32>
    %og15 = meld.mul %omb2_15, %g15 : tensor<1538x128xf32>
    %v15n = meld.fma %og15, %g15, %vb15 : tensor<1538x128xf32>
    %sq15 = meld.sqrt %v15n : tensor<1538x128xf32>
    %sc15 = meld.div %sq15, %bc2_sqrt_15 : tensor<1538x128xf32>
    %den15 = meld.add %sc15, %eps_15 : tensor<1538x128xf32>
    %sm15 = meld.mul %step_size_15, %m15n : tensor<1538x128xf32>
    %q15 = meld.div %sm15, %den15 : tensor<1538x128xf32>
    %p15n = meld.add %p15, %q15 : tensor<1538x128xf32>
    %lerp_w_16 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<26xf32>
    %beta2_16 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<26xf32>
    %omb2_16 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<26xf32>
    %bc2_sqrt_16 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<26xf32>
    %eps_16 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<26xf32>
    %step_size_16 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<26xf32>
    %one16 = meld.constant dense<1.0> : tensor<26xf32>
    %half16 = meld.constant dense<0.5> : tensor<26xf32>
    %wabs16 = meld.abs %lerp_w_16 : tensor<26xf32>
    %small16 = meld.compare lt, %wabs16, %half16 : tensor<26xf32>
    %wm116 = meld.sub %lerp_w_16, %one16 : tensor<26xf32>
    %coef16 = meld.select %small16, %lerp_w_16, %wm116 : tensor<26xi1>, tensor<26xf32>
    %base16 = meld.select %small16, %m16, %g16 : tensor<26xi1>, tensor<26xf32>
    %gm16 = meld.sub %g16, %m16 : tensor<26xf32>
    %m16n = meld.fma %coef16, %gm16, %base16 : tensor<26xf32>
    %vb16 = meld.mul %v16, %beta2_16 : tensor<26xf32>
    %og16 = meld.mul %omb2_16, %g16 : tensor<26xf32>
    %v16n = meld.fma %og16, %g16, %vb16 : tensor<26xf32>
    %sq16 = meld.sqrt %v16n : tensor<26xf32>
    %sc16 = meld.div %sq16, %bc2_sqrt_16 : tensor<26xf32>
    %den16 = meld.add %sc16, %eps_16 : tensor<26xf32>
    %sm16 = meld.mul %step_size_16, %m16n : tensor<26xf32>
    %q16 = meld.div %sm16, %den16 : tensor<26xf32>
    %p16n = meld.add %p16, %q16 : tensor<26xf32>
    %lerp_w_17 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %beta2_17 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %omb2_17 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %bc2_sqrt_17 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %eps_17 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %step_size_17 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %one17 = meld.constant dense<1.0> : tensor<1603x16xf32>
    %half17 = meld.constant dense<0.5> : tensor<1603x16xf32>
    %wabs17 = meld.abs %lerp_w_17 : tensor<1603x16xf32>
    %small17 = meld.compare lt, %wabs17, %half17 : tensor<1603x16xf32>
    %wm117 = meld.sub %lerp_w_17, %one17 : tensor<1603x16xf32>
    %coef17 = meld.select %small17, %lerp_w_17, %wm117 : tensor<1603x16xi1>, tensor<1603x16xf32>
    %base17 = meld.select %small17, %m17, %g17 : tensor<1603x16xi1>, tensor<1603x16xf32>
    %gm17 = meld.sub %g17, %m17 : tensor<1603x16xf32>
    %m17n = meld.fma %coef17, %gm17, %base17 : tensor<1603x16xf32>
    %vb17 = meld.mul %v17, %beta2_17 : tensor<1603x16xf32>
    %og17 = meld.mul %omb2_17, %g17 : tensor<1603x16xf32>
    %v17n = meld.fma %og17, %g17, %vb17 : tensor<1603x16xf32>
    %sq17 = meld.sqrt %v17n : tensor<1603x16xf32>
    %sc17 = meld.div %sq17, %bc2_sqrt_17 : tensor<1603x16xf32>
    %den17 = meld.add %sc17, %eps_17 : tensor<1603x16xf32>
    %sm17 = meld.mul %step_size_17, %m17n : tensor<1603x16xf32>
    %q17 = meld.div %sm17, %den17 : tensor<1603x16xf32>
    %p17n = meld.add %p17, %q17 : tensor<1603x16xf32>
    %lerp_w_18 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3xf32>
    %beta2_18 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3xf32>
    %omb2_18 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3xf32>
    %bc2_sqrt_18 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_18 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %step_size_18 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3xf32>
    %one18 = meld.constant dense<1.0> : tensor<3xf32>
    %half18 = meld.constant dense<0.5> : tensor<3xf32>
    %wabs18 = meld.abs %lerp_w_18 : tensor<3xf32>
    %small18 = meld.compare lt, %wabs18, %half18 : tensor<3xf32>
    %wm118 = meld.sub %lerp_w_18, %one18 : tensor<3xf32>
    %coef18 = meld.select %small18, %lerp_w_18, %wm118 : tensor<3xi1>, tensor<3xf32>
    %base18 = meld.select %small18, %m18, %g18 : tensor<3xi1>, tensor<3xf32>
    %gm18 = meld.sub %g18, %m18 : tensor<3xf32>
    %m18n = meld.fma %coef18, %gm18, %base18 : tensor<3xf32>
    %vb18 = meld.mul %v18, %beta2_18 : tensor<3xf32>
    %og18 = meld.mul %omb2_18, %g18 : tensor<3xf32>
    %v18n = meld.fma %og18, %g18, %vb18 : tensor<3xf32>
    %sq18 = meld.sqrt %v18n : tensor<3xf32>
    %sc18 = meld.div %sq18, %bc2_sqrt_18 : tensor<3xf32>
    %den18 = meld.add %sc18, %eps_18 : tensor<3xf32>
    %sm18 = meld.mul %step_size_18, %m18n : tensor<3xf32>
    %q18 = meld.div %sm18, %den18 : tensor<3xf32>
    %p18n = meld.add %p18, %q18 : tensor<3xf32>
    %lerp_w_19 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<39928xf32>
    %beta2_19 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<39928xf32>
    %omb2_19 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<39928xf32>
    %bc2_sqrt_19 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<39928xf32>
    %eps_19 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<39928xf32>
    %step_size_19 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<39928xf32>
    %one19 = meld.constant dense<1.0> : tensor<39928xf32>
    %half19 = meld.constant dense<0.5> : tensor<39928xf32>
    %wabs19 = meld.abs %lerp_w_19 : tensor<39928xf32>
    %small19 = meld.compare lt, %wabs19, %half19 : tensor<39928xf32>
    %wm119 = meld.sub %lerp_w_19, %one19 : tensor<39928xf32>
    %coef19 = meld.select %small19, %lerp_w_19, %wm119 : tensor<39928xi1>, tensor<39928xf32>
    %base19 = meld.select %small19, %m19, %g19 : tensor<39928xi1>, tensor<39928xf32>
    %gm19 = meld.sub %g19, %m19 : tensor<39928xf32>
    %m19n = meld.fma %coef19, %gm19, %base19 : tensor<39928xf32>
    %vb19 = meld.mul %v19, %beta2_19 : tensor<39928xf32>
    %og19 = meld.mul %omb2_19, %g19 : tensor<39928xf32>
    %v19n = meld.fma %og19, %g19, %vb19 : tensor<39928xf32>
    %sq19 = meld.sqrt %v19n : tensor<39928xf32>
    %sc19 = meld.div %sq19, %bc2_sqrt_19 : tensor<39928xf32>
    %den19 = meld.add %sc19, %eps_19 : tensor<39928xf32>
    %sm19 = meld.mul %step_size_19, %m19n : tensor<39928xf32>
    %q19 = meld.div %sm19, %den19 : tensor<39928xf32>
    %p19n = meld.add %p19, %q19 : tensor<39928xf32>
    %lerp_w_20 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<19943xf32>
    %beta2_20 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<19943xf32>
    %omb2_20 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<19943xf32>
    %bc2_sqrt_20 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<19943xf32>
    %eps_20 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<19943xf32>
    %step_size_20 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<19943xf32>
    %one20 = meld.constant dense<1.0> : tensor<19943xf32>
    %half20 = meld.constant dense<0.5> : tensor<19943xf32>
    %wabs20 = meld.abs %lerp_w_20 : tensor<19943xf32>
    %small20 = meld.compare lt, %wabs20, %half20 : tensor<19943xf32>
    %wm120 = meld.sub %lerp_w_20, %one20 : tensor<19943xf32>
    %coef20 = meld.select %small20, %lerp_w_20, %wm120 : tensor<19943xi1>, tensor<19943xf32>
    %base20 = meld.select %small20, %m20, %g20 : tensor<19943xi1>, tensor<19943xf32>
    %gm20 = meld.sub %g20, %m20 : tensor<19943xf32>
    %m20n = meld.fma %coef20, %gm20, %base20 : tensor<19943xf32>
    %vb20 = meld.mul %v20, %beta2_20 : tensor<19943xf32>
    %og20 = meld.mul %omb2_20, %g20 : tensor<19943xf32>
    %v20n = meld.fma %og20, %g20, %vb20 : tensor<19943xf32>
    %sq20 = meld.sqrt %v20n : tensor<19943xf32>
    %sc20 = meld.div %sq20, %bc2_sqrt_20 : tensor<19943xf32>
    %den20 = meld.add %sc20, %eps_20 : tensor<19943xf32>
    %sm20 = meld.mul %step_size_20, %m20n : tensor<19943xf32>
    %q20 = meld.div %sm20, %den20 : tensor<19943xf32>
    %p20n = meld.add %p20, %q20 : tensor<19943xf32>
    %lerp_w_21 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2246xf32>
    %beta2_21 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2246xf32>
    %omb2_21 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2246xf32>
    %bc2_sqrt_21 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2246xf32>
    %eps_21 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2246xf32>
    %step_size_21 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2246xf32>
    %one21 = meld.constant dense<1.0> : tensor<2246xf32>
    %half21 = meld.constant dense<0.5> : tensor<2246xf32>
    %wabs21 = meld.abs %lerp_w_21 : tensor<2246xf32>
    %small21 = meld.compare lt, %wabs21, %half21 : tensor<2246xf32>
    %wm121 = meld.sub %lerp_w_21, %one21 : tensor<2246xf32>
    %coef21 = meld.select %small21, %lerp_w_21, %wm121 : tensor<2246xi1>, tensor<2246xf32>
    %base21 = meld.select %small21, %m21, %g21 : tensor<2246xi1>, tensor<2246xf32>
    %gm21 = meld.sub %g21, %m21 : tensor<2246xf32>
    %m21n = meld.fma %coef21, %gm21, %base21 : tensor<2246xf32>
    %vb21 = meld.mul %v21, %beta2_21 : tensor<2246xf32>
    %og21 = meld.mul %omb2_21, %g21 : tensor<2246xf32>
    %v21n = meld.fma %og21, %g21, %vb21 : tensor<2246xf32>
    %sq21 = meld.sqrt %v21n : tensor<2246xf32>
    %sc21 = meld.div %sq21, %bc2_sqrt_21 : tensor<2246xf32>
    %den21 = meld.add %sc21, %eps_21 : tensor<2246xf32>
    %sm21 = meld.mul %step_size_21, %m21n : tensor<2246xf32>
    %q21 = meld.div %sm21, %den21 : tensor<2246xf32>
    %p21n = meld.add %p21, %q21 : tensor<2246xf32>
    %lerp_w_22 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<66xf32>
    %beta2_22 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<66xf32>
    %omb2_22 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<66xf32>
    %bc2_sqrt_22 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<66xf32>
    %eps_22 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<66xf32>
    %step_size_22 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<66xf32>
    %one22 = meld.constant dense<1.0> : tensor<66xf32>
    %half22 = meld.constant dense<0.5> : tensor<66xf32>
    %wabs22 = meld.abs %lerp_w_22 : tensor<66xf32>
    %small22 = meld.compare lt, %wabs22, %half22 : tensor<66xf32>
    %wm122 = meld.sub %lerp_w_22, %one22 : tensor<66xf32>
    %coef22 = meld.select %small22, %lerp_w_22, %wm122 : tensor<66xi1>, tensor<66xf32>
    %base22 = meld.select %small22, %m22, %g22 : tensor<66xi1>, tensor<66xf32>
    %gm22 = meld.sub %g22, %m22 : tensor<66xf32>
    %m22n = meld.fma %coef22, %gm22, %base22 : tensor<66xf32>
    %vb22 = meld.mul %v22, %beta2_22 : tensor<66xf32>
    %og22 = meld.mul %omb2_22, %g22 : tensor<66xf32>
    %v22n = meld.fma %og22, %g22, %vb22 : tensor<66xf32>
    %sq22 = meld.sqrt %v22n : tensor<66xf32>
    %sc22 = meld.div %sq22, %bc2_sqrt_22 : tensor<66xf32>
    %den22 = meld.add %sc22, %eps_22 : tensor<66xf32>
    %sm22 = meld.mul %step_size_22, %m22n : tensor<66xf32>
    %q22 = meld.div %sm22, %den22 : tensor<66xf32>
    %p22n = meld.add %p22, %q22 : tensor<66xf32>
    %lerp_w_23 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %beta2_23 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %omb2_23 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %bc2_sqrt_23 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %eps_23 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %step_size_23 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %one23 = meld.constant dense<1.0> : tensor<55x128xf32>
    %half23 = meld.constant dense<0.5> : tensor<55x128xf32>
    %wabs23 = meld.abs %lerp_w_23 : tensor<55x128xf32>
    %small23 = meld.compare lt, %wabs23, %half23 : tensor<55x128xf32>
    %wm123 = meld.sub %lerp_w_23, %one23 : tensor<55x128xf32>
    %coef23 = meld.select %small23, %lerp_w_23, %wm123 : tensor<55x128xi1>, tensor<55x128xf32>
    %base23 = meld.select %small23, %m23, %g23 : tensor<55x128xi1>, tensor<55x128xf32>
    %gm23 = meld.sub %g23, %m23 : tensor<55x128xf32>
    %m23n = meld.fma %coef23, %gm23, %base23 : tensor<55x128xf32>
    %vb23 = meld.mul %v23, %beta2_23 : tensor<55x128xf32>
    %og23 = meld.mul %omb2_23, %g23 : tensor<55x128xf32>
    %v23n = meld.fma %og23, %g23, %vb23 : tensor<55x128xf32>
    %sq23 = meld.sqrt %v23n : tensor<55x128xf32>
    %sc23 = meld.div %sq23, %bc2_sqrt_23 : tensor<55x128xf32>
    %den23 = meld.add %sc23, %eps_23 : tensor<55x128xf32>
    %sm23 = meld.mul %step_size_23, %m23n : tensor<55x128xf32>
    %q23 = meld.div %sm23, %den23 : tensor<55x128xf32>
    %p23n = meld.add %p23, %q23 : tensor<55x128xf32>
    %lerp_w_24 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<16xf32>
    %beta2_24 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<16xf32>
    %omb2_24 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<16xf32>
    %bc2_sqrt_24 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_24 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %step_size_24 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<16xf32>
    %one24 = meld.constant dense<1.0> : tensor<16xf32>
    %half24 = meld.constant dense<0.5> : tensor<16xf32>
    %wabs24 = meld.abs %lerp_w_24 : tensor<16xf32>
    %small24 = meld.compare lt, %wabs24, %half24 : tensor<16xf32>
    %wm124 = meld.sub %lerp_w_24, %one24 : tensor<16xf32>
    %coef24 = meld.select %small24, %lerp_w_24, %wm124 : tensor<16xi1>, tensor<16xf32>
    %base24 = meld.select %small24, %m24, %g24 : tensor<16xi1>, tensor<16xf32>
    %gm24 = meld.sub %g24, %m24 : tensor<16xf32>
    %m24n = meld.fma %coef24, %gm24, %base24 : tensor<16xf32>
    %vb24 = meld.mul %v24, %beta2_24 : tensor<16xf32>
    %og24 = meld.mul %omb2_24, %g24 : tensor<16xf32>
    %v24n = meld.fma %og24, %g24, %vb24 : tensor<16xf32>
    %sq24 = meld.sqrt %v24n : tensor<16xf32>
    %sc24 = meld.div %sq24, %bc2_sqrt_24 : tensor<16xf32>
    %den24 = meld.add %sc24, %eps_24 : tensor<16xf32>
    %sm24 = meld.mul %step_size_24, %m24n : tensor<16xf32>
    %q24 = meld.div %sm24, %den24 : tensor<16xf32>
    %p24n = meld.add %p24, %q24 : tensor<16xf32>
    %lerp_w_25 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %beta2_25 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %omb2_25 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %bc2_sqrt_25 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %eps_25 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %step_size_25 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %one25 = meld.constant dense<1.0> : tensor<196x128xf32>
    %half25 = meld.constant dense<0.5> : tensor<196x128xf32>
    %wabs25 = meld.abs %lerp_w_25 : tensor<196x128xf32>
    %small25 = meld.compare lt, %wabs25, %half25 : tensor<196x128xf32>
    %wm125 = meld.sub %lerp_w_25, %one25 : tensor<196x128xf32>
    %coef25 = meld.select %small25, %lerp_w_25, %wm125 : tensor<196x128xi1>, tensor<196x128xf32>
    %base25 = meld.select %small25, %m25, %g25 : tensor<196x128xi1>, tensor<196x128xf32>
    %gm25 = meld.sub %g25, %m25 : tensor<196x128xf32>
    %m25n = meld.fma %coef25, %gm25, %base25 : tensor<196x128xf32>
    %vb25 = meld.mul %v25, %beta2_25 : tensor<196x128xf32>
    %og25 = meld.mul %omb2_25, %g25 : tensor<196x128xf32>
    %v25n = meld.fma %og25, %g25, %vb25 : tensor<196x128xf32>
    %sq25 = meld.sqrt %v25n : tensor<196x128xf32>
    %sc25 = meld.div %sq25, %bc2_sqrt_25 : tensor<196x128xf32>
    %den25 = meld.add %sc25, %eps_25 : tensor<196x128xf32>
    %sm25 = meld.mul %step_size_25, %m25n : tensor<196x128xf32>
    %q25 = meld.div %sm25, %den25 : tensor<196x128xf32>
    %p25n = meld.add %p25, %q25 : tensor<196x128xf32>
    %lerp_w_26 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %beta2_26 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %omb2_26 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %bc2_sqrt_26 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %eps_26 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %step_size_26 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %one26 = meld.constant dense<1.0> : tensor<4x64xf32>
    %half26 = meld.constant dense<0.5> : tensor<4x64xf32>
    %wabs26 = meld.abs %lerp_w_26 : tensor<4x64xf32>
    %small26 = meld.compare lt, %wabs26, %half26 : tensor<4x64xf32>
    %wm126 = meld.sub %lerp_w_26, %one26 : tensor<4x64xf32>
    %coef26 = meld.select %small26, %lerp_w_26, %wm126 : tensor<4x64xi1>, tensor<4x64xf32>
    %base26 = meld.select %small26, %m26, %g26 : tensor<4x64xi1>, tensor<4x64xf32>
    %gm26 = meld.sub %g26, %m26 : tensor<4x64xf32>
    %m26n = meld.fma %coef26, %gm26, %base26 : tensor<4x64xf32>
    %vb26 = meld.mul %v26, %beta2_26 : tensor<4x64xf32>
    %og26 = meld.mul %omb2_26, %g26 : tensor<4x64xf32>
    %v26n = meld.fma %og26, %g26, %vb26 : tensor<4x64xf32>
    %sq26 = meld.sqrt %v26n : tensor<4x64xf32>
    %sc26 = meld.div %sq26, %bc2_sqrt_26 : tensor<4x64xf32>
    %den26 = meld.add %sc26, %eps_26 : tensor<4x64xf32>
    %sm26 = meld.mul %step_size_26, %m26n : tensor<4x64xf32>
    %q26 = meld.div %sm26, %den26 : tensor<4x64xf32>
    %p26n = meld.add %p26, %q26 : tensor<4x64xf32>
    %lerp_w_27 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<62081xf32>
    %beta2_27 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<62081xf32>
    %omb2_27 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<62081xf32>
    %bc2_sqrt_27 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<62081xf32>
    %eps_27 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<62081xf32>
    %step_size_27 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<62081xf32>
    %one27 = meld.constant dense<1.0> : tensor<62081xf32>
    %half27 = meld.constant dense<0.5> : tensor<62081xf32>
    %wabs27 = meld.abs %lerp_w_27 : tensor<62081xf32>
    %small27 = meld.compare lt, %wabs27, %half27 : tensor<62081xf32>
    %wm127 = meld.sub %lerp_w_27, %one27 : tensor<62081xf32>
    %coef27 = meld.select %small27, %lerp_w_27, %wm127 : tensor<62081xi1>, tensor<62081xf32>
    %base27 = meld.select %small27, %m27, %g27 : tensor<62081xi1>, tensor<62081xf32>
    %gm27 = meld.sub %g27, %m27 : tensor<62081xf32>
    %m27n = meld.fma %coef27, %gm27, %base27 : tensor<62081xf32>
    %vb27 = meld.mul %v27, %beta2_27 : tensor<62081xf32>
    %og27 = meld.mul %omb2_27, %g27 : tensor<62081xf32>
    %v27n = meld.fma %og27, %g27, %vb27 : tensor<62081xf32>
    %sq27 = meld.sqrt %v27n : tensor<62081xf32>
    %sc27 = meld.div %sq27, %bc2_sqrt_27 : tensor<62081xf32>
    %den27 = meld.add %sc27, %eps_27 : tensor<62081xf32>
    %sm27 = meld.mul %step_size_27, %m27n : tensor<62081xf32>
    %q27 = meld.div %sm27, %den27 : tensor<62081xf32>
    %p27n = meld.add %p27, %q27 : tensor<62081xf32>
    %lerp_w_28 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %beta2_28 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %omb2_28 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %bc2_sqrt_28 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %eps_28 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %step_size_28 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %one28 = meld.constant dense<1.0> : tensor<7x64xf32>
    %half28 = meld.constant dense<0.5> : tensor<7x64xf32>
    %wabs28 = meld.abs %lerp_w_28 : tensor<7x64xf32>
    %small28 = meld.compare lt, %wabs28, %half28 : tensor<7x64xf32>
    %wm128 = meld.sub %lerp_w_28, %one28 : tensor<7x64xf32>
    %coef28 = meld.select %small28, %lerp_w_28, %wm128 : tensor<7x64xi1>, tensor<7x64xf32>
    %base28 = meld.select %small28, %m28, %g28 : tensor<7x64xi1>, tensor<7x64xf32>
    %gm28 = meld.sub %g28, %m28 : tensor<7x64xf32>
    %m28n = meld.fma %coef28, %gm28, %base28 : tensor<7x64xf32>
    %vb28 = meld.mul %v28, %beta2_28 : tensor<7x64xf32>
    %og28 = meld.mul %omb2_28, %g28 : tensor<7x64xf32>
    %v28n = meld.fma %og28, %g28, %vb28 : tensor<7x64xf32>
    %sq28 = meld.sqrt %v28n : tensor<7x64xf32>
    %sc28 = meld.div %sq28, %bc2_sqrt_28 : tensor<7x64xf32>
    %den28 = meld.add %sc28, %eps_28 : tensor<7x64xf32>
    %sm28 = meld.mul %step_size_28, %m28n : tensor<7x64xf32>
    %q28 = meld.div %sm28, %den28 : tensor<7x64xf32>
    %p28n = meld.add %p28, %q28 : tensor<7x64xf32>
    %lerp_w_29 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %beta2_29 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %omb2_29 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %bc2_sqrt_29 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %eps_29 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %step_size_29 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %one29 = meld.constant dense<1.0> : tensor<57x128xf32>
    %half29 = meld.constant dense<0.5> : tensor<57x128xf32>
    %wabs29 = meld.abs %lerp_w_29 : tensor<57x128xf32>
    %small29 = meld.compare lt, %wabs29, %half29 : tensor<57x128xf32>
    %wm129 = meld.sub %lerp_w_29, %one29 : tensor<57x128xf32>
    %coef29 = meld.select %small29, %lerp_w_29, %wm129 : tensor<57x128xi1>, tensor<57x128xf32>
    %base29 = meld.select %small29, %m29, %g29 : tensor<57x128xi1>, tensor<57x128xf32>
    %gm29 = meld.sub %g29, %m29 : tensor<57x128xf32>
    %m29n = meld.fma %coef29, %gm29, %base29 : tensor<57x128xf32>
    %vb29 = meld.mul %v29, %beta2_29 : tensor<57x128xf32>
    %og29 = meld.mul %omb2_29, %g29 : tensor<57x128xf32>
    %v29n = meld.fma %og29, %g29, %vb29 : tensor<57x128xf32>
    %sq29 = meld.sqrt %v29n : tensor<57x128xf32>
    %sc29 = meld.div %sq29, %bc2_sqrt_29 : tensor<57x128xf32>
    %den29 = meld.add %sc29, %eps_29 : tensor<57x128xf32>
    %sm29 = meld.mul %step_size_29, %m29n : tensor<57x128xf32>
    %q29 = meld.div %sm29, %den29 : tensor<57x128xf32>
    %p29n = meld.add %p29, %q29 : tensor<57x128xf32>
    %lerp_w_30 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<12xf32>
    %beta2_30 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<12xf32>
    %omb2_30 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<12xf32>
    %bc2_sqrt_30 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_30 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %step_size_30 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<12xf32>
    %one30 = meld.constant dense<1.0> : tensor<12xf32>
    %half30 = meld.constant dense<0.5> : tensor<12xf32>
    %wabs30 = meld.abs %lerp_w_30 : tensor<12xf32>
    %small30 = meld.compare lt, %wabs30, %half30 : tensor<12xf32>
    %wm130 = meld.sub %lerp_w_30, %one30 : tensor<12xf32>
    %coef30 = meld.select %small30, %lerp_w_30, %wm130 : tensor<12xi1>, tensor<12xf32>
    %base30 = meld.select %small30, %m30, %g30 : tensor<12xi1>, tensor<12xf32>
    %gm30 = meld.sub %g30, %m30 : tensor<12xf32>
    %m30n = meld.fma %coef30, %gm30, %base30 : tensor<12xf32>
    %vb30 = meld.mul %v30, %beta2_30 : tensor<12xf32>
    %og30 = meld.mul %omb2_30, %g30 : tensor<12xf32>
    %v30n = meld.fma %og30, %g30, %vb30 : tensor<12xf32>
    %sq30 = meld.sqrt %v30n : tensor<12xf32>
    %sc30 = meld.div %sq30, %bc2_sqrt_30 : tensor<12xf32>
    %den30 = meld.add %sc30, %eps_30 : tensor<12xf32>
    %sm30 = meld.mul %step_size_30, %m30n : tensor<12xf32>
    %q30 = meld.div %sm30, %den30 : tensor<12xf32>
    %p30n = meld.add %p30, %q30 : tensor<12xf32>
    %lerp_w_31 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %beta2_31 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %omb2_31 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %bc2_sqrt_31 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %eps_31 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %step_size_31 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %one31 = meld.constant dense<1.0> : tensor<373x64xf32>
    %half31 = meld.constant dense<0.5> : tensor<373x64xf32>
    %wabs31 = meld.abs %lerp_w_31 : tensor<373x64xf32>
    %small31 = meld.compare lt, %wabs31, %half31 : tensor<373x64xf32>
    %wm131 = meld.sub %lerp_w_31, %one31 : tensor<373x64xf32>
    %coef31 = meld.select %small31, %lerp_w_31, %wm131 : tensor<373x64xi1>, tensor<373x64xf32>
    %base31 = meld.select %small31, %m31, %g31 : tensor<373x64xi1>, tensor<373x64xf32>
    %gm31 = meld.sub %g31, %m31 : tensor<373x64xf32>
    %m31n = meld.fma %coef31, %gm31, %base31 : tensor<373x64xf32>
    %vb31 = meld.mul %v31, %beta2_31 : tensor<373x64xf32>
    %og31 = meld.mul %omb2_31, %g31 : tensor<373x64xf32>
    %v31n = meld.fma %og31, %g31, %vb31 : tensor<373x64xf32>
    %sq31 = meld.sqrt %v31n : tensor<373x64xf32>
    %sc31 = meld.div %sq31, %bc2_sqrt_31 : tensor<373x64xf32>
    %den31 = meld.add %sc31, %eps_31 : tensor<373x64xf32>
    %sm31 = meld.mul %step_size_31, %m31n : tensor<373x64xf32>
    %q31 = meld.div %sm31, %den31 : tensor<373x64xf32>
    %p31n = meld.add %p31, %q31 : tensor<373x64xf32>
    %lerp_w_32 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %beta2_32 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %omb2_32 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %bc2_sqrt_32 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %eps_32 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %step_size_32 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %one32 = meld.constant dense<1.0> : tensor<2x96xf32>
    %half32 = meld.constant dense<0.5> : tensor<2x96xf32>
    %wabs32 = meld.abs %lerp_w_32 : tensor<2x96xf32>
    %small32 = meld.compare lt, %wabs32, %half32 : tensor<2x96xf32>
    %wm132 = meld.sub %lerp_w_32, %one32 : tensor<2x96xf32>
    %coef32 = meld.select %small32, %lerp_w_32, %wm132 : tensor<2x96xi1>, tensor<2x96xf32>
    %base32 = meld.select %small32, %m32, %g32 : tensor<2x96xi1>, tensor<2x96xf32>
    %gm32 = meld.sub %g32, %m32 : tensor<2x96xf32>
    %m32n = meld.fma %coef32, %gm32, %base32 : tensor<2x96xf32>
    %vb32 = meld.mul %v32, %beta2_32 : tensor<2x96xf32>
    %og32 = meld.mul %omb2_32, %g32 : tensor<2x96xf32>
    %v32n = meld.fma %og32, %g32, %vb32 : tensor<2x96xf32>
    %sq32 = meld.sqrt %v32n : tensor<2x96xf32>
    %sc32 = meld.div %sq32, %bc2_sqrt_32 : tensor<2x96xf32>
    %den32 = meld.add %sc32, %eps_32 : tensor<2x96xf32>
    %sm32 = meld.mul %step_size_32, %m32n : tensor<2x96xf32>
    %q32 = meld.div %sm32, %den32 : tensor<2x96xf32>
    %p32n = meld.add %p32, %q32 : tensor<2x96xf32>
    %lerp_w_33 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<54xf32>
    %beta2_33 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<54xf32>
    %omb2_33 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<54xf32>
    %bc2_sqrt_33 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<54xf32>
    %eps_33 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<54xf32>
    %step_size_33 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<54xf32>
    %one33 = meld.constant dense<1.0> : tensor<54xf32>
    %half33 = meld.constant dense<0.5> : tensor<54xf32>
    %wabs33 = meld.abs %lerp_w_33 : tensor<54xf32>
    %small33 = meld.compare lt, %wabs33, %half33 : tensor<54xf32>
    %wm133 = meld.sub %lerp_w_33, %one33 : tensor<54xf32>
    %coef33 = meld.select %small33, %lerp_w_33, %wm133 : tensor<54xi1>, tensor<54xf32>
    %base33 = meld.select %small33, %m33, %g33 : tensor<54xi1>, tensor<54xf32>
    %gm33 = meld.sub %g33, %m33 : tensor<54xf32>
    %m33n = meld.fma %coef33, %gm33, %base33 : tensor<54xf32>
    %vb33 = meld.mul %v33, %beta2_33 : tensor<54xf32>
    %og33 = meld.mul %omb2_33, %g33 : tensor<54xf32>
    %v33n = meld.fma %og33, %g33, %vb33 : tensor<54xf32>
    %sq33 = meld.sqrt %v33n : tensor<54xf32>
    %sc33 = meld.div %sq33, %bc2_sqrt_33 : tensor<54xf32>
    %den33 = meld.add %sc33, %eps_33 : tensor<54xf32>
    %sm33 = meld.mul %step_size_33, %m33n : tensor<54xf32>
    %q33 = meld.div %sm33, %den33 : tensor<54xf32>
    %p33n = meld.add %p33, %q33 : tensor<54xf32>
    %lerp_w_34 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<21xf32>
    %beta2_34 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<21xf32>
    %omb2_34 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<21xf32>
    %bc2_sqrt_34 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<21xf32>
    %eps_34 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<21xf32>
    %step_size_34 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<21xf32>
    %one34 = meld.constant dense<1.0> : tensor<21xf32>
    %half34 = meld.constant dense<0.5> : tensor<21xf32>
    %wabs34 = meld.abs %lerp_w_34 : tensor<21xf32>
    %small34 = meld.compare lt, %wabs34, %half34 : tensor<21xf32>
    %wm134 = meld.sub %lerp_w_34, %one34 : tensor<21xf32>
    %coef34 = meld.select %small34, %lerp_w_34, %wm134 : tensor<21xi1>, tensor<21xf32>
    %base34 = meld.select %small34, %m34, %g34 : tensor<21xi1>, tensor<21xf32>
    %gm34 = meld.sub %g34, %m34 : tensor<21xf32>
    %m34n = meld.fma %coef34, %gm34, %base34 : tensor<21xf32>
    %vb34 = meld.mul %v34, %beta2_34 : tensor<21xf32>
    %og34 = meld.mul %omb2_34, %g34 : tensor<21xf32>
    %v34n = meld.fma %og34, %g34, %vb34 : tensor<21xf32>
    %sq34 = meld.sqrt %v34n : tensor<21xf32>
    %sc34 = meld.div %sq34, %bc2_sqrt_34 : tensor<21xf32>
    %den34 = meld.add %sc34, %eps_34 : tensor<21xf32>
    %sm34 = meld.mul %step_size_34, %m34n : tensor<21xf32>
    %q34 = meld.div %sm34, %den34 : tensor<21xf32>
    %p34n = meld.add %p34, %q34 : tensor<21xf32>
    %lerp_w_35 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<10xf32>
    %beta2_35 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<10xf32>
    %omb2_35 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<10xf32>
    %bc2_sqrt_35 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<10xf32>
    %eps_35 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10xf32>
    %step_size_35 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<10xf32>
    %one35 = meld.constant dense<1.0> : tensor<10xf32>
    %half35 = meld.constant dense<0.5> : tensor<10xf32>
    %wabs35 = meld.abs %lerp_w_35 : tensor<10xf32>
    %small35 = meld.compare lt, %wabs35, %half35 : tensor<10xf32>
    %wm135 = meld.sub %lerp_w_35, %one35 : tensor<10xf32>
    %coef35 = meld.select %small35, %lerp_w_35, %wm135 : tensor<10xi1>, tensor<10xf32>
    %base35 = meld.select %small35, %m35, %g35 : tensor<10xi1>, tensor<10xf32>
    %gm35 = meld.sub %g35, %m35 : tensor<10xf32>
    %m35n = meld.fma %coef35, %gm35, %base35 : tensor<10xf32>
    %vb35 = meld.mul %v35, %beta2_35 : tensor<10xf32>
    %og35 = meld.mul %omb2_35, %g35 : tensor<10xf32>
    %v35n = meld.fma %og35, %g35, %vb35 : tensor<10xf32>
    %sq35 = meld.sqrt %v35n : tensor<10xf32>
    %sc35 = meld.div %sq35, %bc2_sqrt_35 : tensor<10xf32>
    %den35 = meld.add %sc35, %eps_35 : tensor<10xf32>
    %sm35 = meld.mul %step_size_35, %m35n : tensor<10xf32>
    %q35 = meld.div %sm35, %den35 : tensor<10xf32>
    %p35n = meld.add %p35, %q35 : tensor<10xf32>
    %lerp_w_36 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %beta2_36 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %omb2_36 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %bc2_sqrt_36 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %eps_36 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %step_size_36 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %one36 = meld.constant dense<1.0> : tensor<493x64xf32>
    %half36 = meld.constant dense<0.5> : tensor<493x64xf32>
    %wabs36 = meld.abs %lerp_w_36 : tensor<493x64xf32>
    %small36 = meld.compare lt, %wabs36, %half36 : tensor<493x64xf32>
    %wm136 = meld.sub %lerp_w_36, %one36 : tensor<493x64xf32>
    %coef36 = meld.select %small36, %lerp_w_36, %wm136 : tensor<493x64xi1>, tensor<493x64xf32>
    %base36 = meld.select %small36, %m36, %g36 : tensor<493x64xi1>, tensor<493x64xf32>
    %gm36 = meld.sub %g36, %m36 : tensor<493x64xf32>
    %m36n = meld.fma %coef36, %gm36, %base36 : tensor<493x64xf32>
    %vb36 = meld.mul %v36, %beta2_36 : tensor<493x64xf32>
    %og36 = meld.mul %omb2_36, %g36 : tensor<493x64xf32>
    %v36n = meld.fma %og36, %g36, %vb36 : tensor<493x64xf32>
    %sq36 = meld.sqrt %v36n : tensor<493x64xf32>
    %sc36 = meld.div %sq36, %bc2_sqrt_36 : tensor<493x64xf32>
    %den36 = meld.add %sc36, %eps_36 : tensor<493x64xf32>
    %sm36 = meld.mul %step_size_36, %m36n : tensor<493x64xf32>
    %q36 = meld.div %sm36, %den36 : tensor<493x64xf32>
    %p36n = meld.add %p36, %q36 : tensor<493x64xf32>
    %lerp_w_37 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %beta2_37 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %omb2_37 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %bc2_sqrt_37 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %eps_37 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %step_size_37 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %one37 = meld.constant dense<1.0> : tensor<12x32xf32>
    %half37 = meld.constant dense<0.5> : tensor<12x32xf32>
    %wabs37 = meld.abs %lerp_w_37 : tensor<12x32xf32>
    %small37 = meld.compare lt, %wabs37, %half37 : tensor<12x32xf32>
    %wm137 = meld.sub %lerp_w_37, %one37 : tensor<12x32xf32>
    %coef37 = meld.select %small37, %lerp_w_37, %wm137 : tensor<12x32xi1>, tensor<12x32xf32>
    %base37 = meld.select %small37, %m37, %g37 : tensor<12x32xi1>, tensor<12x32xf32>
    %gm37 = meld.sub %g37, %m37 : tensor<12x32xf32>
    %m37n = meld.fma %coef37, %gm37, %base37 : tensor<12x32xf32>
    %vb37 = meld.mul %v37, %beta2_37 : tensor<12x32xf32>
    %og37 = meld.mul %omb2_37, %g37 : tensor<12x32xf32>
    %v37n = meld.fma %og37, %g37, %vb37 : tensor<12x32xf32>
    %sq37 = meld.sqrt %v37n : tensor<12x32xf32>
    %sc37 = meld.div %sq37, %bc2_sqrt_37 : tensor<12x32xf32>
    %den37 = meld.add %sc37, %eps_37 : tensor<12x32xf32>
    %sm37 = meld.mul %step_size_37, %m37n : tensor<12x32xf32>
    %q37 = meld.div %sm37, %den37 : tensor<12x32xf32>
    %p37n = meld.add %p37, %q37 : tensor<12x32xf32>
    %lerp_w_38 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<63412xf32>
    %beta2_38 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<63412xf32>
    %omb2_38 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<63412xf32>
    %bc2_sqrt_38 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<63412xf32>
    %eps_38 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<63412xf32>
    %step_size_38 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<63412xf32>
    %one38 = meld.constant dense<1.0> : tensor<63412xf32>
    %half38 = meld.constant dense<0.5> : tensor<63412xf32>
    %wabs38 = meld.abs %lerp_w_38 : tensor<63412xf32>
    %small38 = meld.compare lt, %wabs38, %half38 : tensor<63412xf32>
    %wm138 = meld.sub %lerp_w_38, %one38 : tensor<63412xf32>
    %coef38 = meld.select %small38, %lerp_w_38, %wm138 : tensor<63412xi1>, tensor<63412xf32>
    %base38 = meld.select %small38, %m38, %g38 : tensor<63412xi1>, tensor<63412xf32>
    %gm38 = meld.sub %g38, %m38 : tensor<63412xf32>
    %m38n = meld.fma %coef38, %gm38, %base38 : tensor<63412xf32>
    %vb38 = meld.mul %v38, %beta2_38 : tensor<63412xf32>
    %og38 = meld.mul %omb2_38, %g38 : tensor<63412xf32>
    %v38n = meld.fma %og38, %g38, %vb38 : tensor<63412xf32>
    %sq38 = meld.sqrt %v38n : tensor<63412xf32>
    %sc38 = meld.div %sq38, %bc2_sqrt_38 : tensor<63412xf32>
    %den38 = meld.add %sc38, %eps_38 : tensor<63412xf32>
    %sm38 = meld.mul %step_size_38, %m38n : tensor<63412xf32>
    %q38 = meld.div %sm38, %den38 : tensor<63412xf32>
    %p38n = meld.add %p38, %q38 : tensor<63412xf32>
    %lerp_w_39 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<41139xf32>
    %beta2_39 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<41139xf32>
    %omb2_39 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<41139xf32>
    %bc2_sqrt_39 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<41139xf32>
    %eps_39 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<41139xf32>
    %step_size_39 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<41139xf32>
    %one39 = meld.constant dense<1.0> : tensor<41139xf32>
    %half39 = meld.constant dense<0.5> : tensor<41139xf32>
    %wabs39 = meld.abs %lerp_w_39 : tensor<41139xf32>
    %small39 = meld.compare lt, %wabs39, %half39 : tensor<41139xf32>
    %wm139 = meld.sub %lerp_w_39, %one39 : tensor<41139xf32>
    %coef39 = meld.select %small39, %lerp_w_39, %wm139 : tensor<41139xi1>, tensor<41139xf32>
    %base39 = meld.select %small39, %m39, %g39 : tensor<41139xi1>, tensor<41139xf32>
    %gm39 = meld.sub %g39, %m39 : tensor<41139xf32>
    %m39n = meld.fma %coef39, %gm39, %base39 : tensor<41139xf32>
    %vb39 = meld.mul %v39, %beta2_39 : tensor<41139xf32>
    %og39 = meld.mul %omb2_39, %g39 : tensor<41139xf32>
    %v39n = meld.fma %og39, %g39, %vb39 : tensor<41139xf32>
    %sq39 = meld.sqrt %v39n : tensor<41139xf32>
    %sc39 = meld.div %sq39, %bc2_sqrt_39 : tensor<41139xf32>
    %den39 = meld.add %sc39, %eps_39 : tensor<41139xf32>
    %sm39 = meld.mul %step_size_39, %m39n : tensor<41139xf32>
    %q39 = meld.div %sm39, %den39 : tensor<41139xf32>
    %p39n = meld.add %p39, %q39 : tensor<41139xf32>
    %lerp_w_40 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %beta2_40 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %omb2_40 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %bc2_sqrt_40 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %eps_40 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %step_size_40 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %one40 = meld.constant dense<1.0> : tensor<1184x96xf32>
    %half40 = meld.constant dense<0.5> : tensor<1184x96xf32>
    %wabs40 = meld.abs %lerp_w_40 : tensor<1184x96xf32>
    %small40 = meld.compare lt, %wabs40, %half40 : tensor<1184x96xf32>
    %wm140 = meld.sub %lerp_w_40, %one40 : tensor<1184x96xf32>
    %coef40 = meld.select %small40, %lerp_w_40, %wm140 : tensor<1184x96xi1>, tensor<1184x96xf32>
    %base40 = meld.select %small40, %m40, %g40 : tensor<1184x96xi1>, tensor<1184x96xf32>
    %gm40 = meld.sub %g40, %m40 : tensor<1184x96xf32>
    %m40n = meld.fma %coef40, %gm40, %base40 : tensor<1184x96xf32>
    %vb40 = meld.mul %v40, %beta2_40 : tensor<1184x96xf32>
    %og40 = meld.mul %omb2_40, %g40 : tensor<1184x96xf32>
    %v40n = meld.fma %og40, %g40, %vb40 : tensor<1184x96xf32>
    %sq40 = meld.sqrt %v40n : tensor<1184x96xf32>
    %sc40 = meld.div %sq40, %bc2_sqrt_40 : tensor<1184x96xf32>
    %den40 = meld.add %sc40, %eps_40 : tensor<1184x96xf32>
    %sm40 = meld.mul %step_size_40, %m40n : tensor<1184x96xf32>
    %q40 = meld.div %sm40, %den40 : tensor<1184x96xf32>
    %p40n = meld.add %p40, %q40 : tensor<1184x96xf32>
    %lerp_w_41 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %beta2_41 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %omb2_41 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %bc2_sqrt_41 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %eps_41 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %step_size_41 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %one41 = meld.constant dense<1.0> : tensor<303x128xf32>
    %half41 = meld.constant dense<0.5> : tensor<303x128xf32>
    %wabs41 = meld.abs %lerp_w_41 : tensor<303x128xf32>
    %small41 = meld.compare lt, %wabs41, %half41 : tensor<303x128xf32>
    %wm141 = meld.sub %lerp_w_41, %one41 : tensor<303x128xf32>
    %coef41 = meld.select %small41, %lerp_w_41, %wm141 : tensor<303x128xi1>, tensor<303x128xf32>
    %base41 = meld.select %small41, %m41, %g41 : tensor<303x128xi1>, tensor<303x128xf32>
    %gm41 = meld.sub %g41, %m41 : tensor<303x128xf32>
    %m41n = meld.fma %coef41, %gm41, %base41 : tensor<303x128xf32>
    %vb41 = meld.mul %v41, %beta2_41 : tensor<303x128xf32>
    %og41 = meld.mul %omb2_41, %g41 : tensor<303x128xf32>
    %v41n = meld.fma %og41, %g41, %vb41 : tensor<303x128xf32>
    %sq41 = meld.sqrt %v41n : tensor<303x128xf32>
    %sc41 = meld.div %sq41, %bc2_sqrt_41 : tensor<303x128xf32>
    %den41 = meld.add %sc41, %eps_41 : tensor<303x128xf32>
    %sm41 = meld.mul %step_size_41, %m41n : tensor<303x128xf32>
    %q41 = meld.div %sm41, %den41 : tensor<303x128xf32>
    %p41n = meld.add %p41, %q41 : tensor<303x128xf32>
    %lerp_w_42 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<27886xf32>
    %beta2_42 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<27886xf32>
    %omb2_42 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<27886xf32>
    %bc2_sqrt_42 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<27886xf32>
    %eps_42 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<27886xf32>
    %step_size_42 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<27886xf32>
    %one42 = meld.constant dense<1.0> : tensor<27886xf32>
    %half42 = meld.constant dense<0.5> : tensor<27886xf32>
    %wabs42 = meld.abs %lerp_w_42 : tensor<27886xf32>
    %small42 = meld.compare lt, %wabs42, %half42 : tensor<27886xf32>
    %wm142 = meld.sub %lerp_w_42, %one42 : tensor<27886xf32>
    %coef42 = meld.select %small42, %lerp_w_42, %wm142 : tensor<27886xi1>, tensor<27886xf32>
    %base42 = meld.select %small42, %m42, %g42 : tensor<27886xi1>, tensor<27886xf32>
    %gm42 = meld.sub %g42, %m42 : tensor<27886xf32>
    %m42n = meld.fma %coef42, %gm42, %base42 : tensor<27886xf32>
    %vb42 = meld.mul %v42, %beta2_42 : tensor<27886xf32>
    %og42 = meld.mul %omb2_42, %g42 : tensor<27886xf32>
    %v42n = meld.fma %og42, %g42, %vb42 : tensor<27886xf32>
    %sq42 = meld.sqrt %v42n : tensor<27886xf32>
    %sc42 = meld.div %sq42, %bc2_sqrt_42 : tensor<27886xf32>
    %den42 = meld.add %sc42, %eps_42 : tensor<27886xf32>
    %sm42 = meld.mul %step_size_42, %m42n : tensor<27886xf32>
    %q42 = meld.div %sm42, %den42 : tensor<27886xf32>
    %p42n = meld.add %p42, %q42 : tensor<27886xf32>
    %lerp_w_43 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %beta2_43 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %omb2_43 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %bc2_sqrt_43 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %eps_43 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %step_size_43 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %one43 = meld.constant dense<1.0> : tensor<831x96xf32>
    %half43 = meld.constant dense<0.5> : tensor<831x96xf32>
    %wabs43 = meld.abs %lerp_w_43 : tensor<831x96xf32>
    %small43 = meld.compare lt, %wabs43, %half43 : tensor<831x96xf32>
    %wm143 = meld.sub %lerp_w_43, %one43 : tensor<831x96xf32>
    %coef43 = meld.select %small43, %lerp_w_43, %wm143 : tensor<831x96xi1>, tensor<831x96xf32>
    %base43 = meld.select %small43, %m43, %g43 : tensor<831x96xi1>, tensor<831x96xf32>
    %gm43 = meld.sub %g43, %m43 : tensor<831x96xf32>
    %m43n = meld.fma %coef43, %gm43, %base43 : tensor<831x96xf32>
    %vb43 = meld.mul %v43, %beta2_43 : tensor<831x96xf32>
    %og43 = meld.mul %omb2_43, %g43 : tensor<831x96xf32>
    %v43n = meld.fma %og43, %g43, %vb43 : tensor<831x96xf32>
    %sq43 = meld.sqrt %v43n : tensor<831x96xf32>
    %sc43 = meld.div %sq43, %bc2_sqrt_43 : tensor<831x96xf32>
    %den43 = meld.add %sc43, %eps_43 : tensor<831x96xf32>
    %sm43 = meld.mul %step_size_43, %m43n : tensor<831x96xf32>
    %q43 = meld.div %sm43, %den43 : tensor<831x96xf32>
    %p43n = meld.add %p43, %q43 : tensor<831x96xf32>
    %lerp_w_44 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %beta2_44 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %omb2_44 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %bc2_sqrt_44 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %eps_44 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %step_size_44 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %one44 = meld.constant dense<1.0> : tensor<23x64xf32>
    %half44 = meld.constant dense<0.5> : tensor<23x64xf32>
    %wabs44 = meld.abs %lerp_w_44 : tensor<23x64xf32>
    %small44 = meld.compare lt, %wabs44, %half44 : tensor<23x64xf32>
    %wm144 = meld.sub %lerp_w_44, %one44 : tensor<23x64xf32>
    %coef44 = meld.select %small44, %lerp_w_44, %wm144 : tensor<23x64xi1>, tensor<23x64xf32>
    %base44 = meld.select %small44, %m44, %g44 : tensor<23x64xi1>, tensor<23x64xf32>
    %gm44 = meld.sub %g44, %m44 : tensor<23x64xf32>
    %m44n = meld.fma %coef44, %gm44, %base44 : tensor<23x64xf32>
    %vb44 = meld.mul %v44, %beta2_44 : tensor<23x64xf32>
    %og44 = meld.mul %omb2_44, %g44 : tensor<23x64xf32>
    %v44n = meld.fma %og44, %g44, %vb44 : tensor<23x64xf32>
    %sq44 = meld.sqrt %v44n : tensor<23x64xf32>
    %sc44 = meld.div %sq44, %bc2_sqrt_44 : tensor<23x64xf32>
    %den44 = meld.add %sc44, %eps_44 : tensor<23x64xf32>
    %sm44 = meld.mul %step_size_44, %m44n : tensor<23x64xf32>
    %q44 = meld.div %sm44, %den44 : tensor<23x64xf32>
    %p44n = meld.add %p44, %q44 : tensor<23x64xf32>
    %lerp_w_45 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_45 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_45 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_45 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_45 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_45 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one45 = meld.constant dense<1.0> : tensor<2xf32>
    %half45 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs45 = meld.abs %lerp_w_45 : tensor<2xf32>
    %small45 = meld.compare lt, %wabs45, %half45 : tensor<2xf32>
    %wm145 = meld.sub %lerp_w_45, %one45 : tensor<2xf32>
    %coef45 = meld.select %small45, %lerp_w_45, %wm145 : tensor<2xi1>, tensor<2xf32>
    %base45 = meld.select %small45, %m45, %g45 : tensor<2xi1>, tensor<2xf32>
    %gm45 = meld.sub %g45, %m45 : tensor<2xf32>
    %m45n = meld.fma %coef45, %gm45, %base45 : tensor<2xf32>
    %vb45 = meld.mul %v45, %beta2_45 : tensor<2xf32>
    %og45 = meld.mul %omb2_45, %g45 : tensor<2xf32>
    %v45n = meld.fma %og45, %g45, %vb45 : tensor<2xf32>
    %sq45 = meld.sqrt %v45n : tensor<2xf32>
    %sc45 = meld.div %sq45, %bc2_sqrt_45 : tensor<2xf32>
    %den45 = meld.add %sc45, %eps_45 : tensor<2xf32>
    %sm45 = meld.mul %step_size_45, %m45n : tensor<2xf32>
    %q45 = meld.div %sm45, %den45 : tensor<2xf32>
    %p45n = meld.add %p45, %q45 : tensor<2xf32>
    %lerp_w_46 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %beta2_46 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %omb2_46 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %bc2_sqrt_46 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %eps_46 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %step_size_46 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %one46 = meld.constant dense<1.0> : tensor<35x64xf32>
    %half46 = meld.constant dense<0.5> : tensor<35x64xf32>
    %wabs46 = meld.abs %lerp_w_46 : tensor<35x64xf32>
    %small46 = meld.compare lt, %wabs46, %half46 : tensor<35x64xf32>
    %wm146 = meld.sub %lerp_w_46, %one46 : tensor<35x64xf32>
    %coef46 = meld.select %small46, %lerp_w_46, %wm146 : tensor<35x64xi1>, tensor<35x64xf32>
    %base46 = meld.select %small46, %m46, %g46 : tensor<35x64xi1>, tensor<35x64xf32>
    %gm46 = meld.sub %g46, %m46 : tensor<35x64xf32>
    %m46n = meld.fma %coef46, %gm46, %base46 : tensor<35x64xf32>
    %vb46 = meld.mul %v46, %beta2_46 : tensor<35x64xf32>
    %og46 = meld.mul %omb2_46, %g46 : tensor<35x64xf32>
    %v46n = meld.fma %og46, %g46, %vb46 : tensor<35x64xf32>
    %sq46 = meld.sqrt %v46n : tensor<35x64xf32>
    %sc46 = meld.div %sq46, %bc2_sqrt_46 : tensor<35x64xf32>
    %den46 = meld.add %sc46, %eps_46 : tensor<35x64xf32>
    %sm46 = meld.mul %step_size_46, %m46n : tensor<35x64xf32>
    %q46 = meld.div %sm46, %den46 : tensor<35x64xf32>
    %p46n = meld.add %p46, %q46 : tensor<35x64xf32>
    %lerp_w_47 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %beta2_47 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %omb2_47 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %bc2_sqrt_47 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %eps_47 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %step_size_47 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %one47 = meld.constant dense<1.0> : tensor<664x64xf32>
    %half47 = meld.constant dense<0.5> : tensor<664x64xf32>
    %wabs47 = meld.abs %lerp_w_47 : tensor<664x64xf32>
    %small47 = meld.compare lt, %wabs47, %half47 : tensor<664x64xf32>
    %wm147 = meld.sub %lerp_w_47, %one47 : tensor<664x64xf32>
    %coef47 = meld.select %small47, %lerp_w_47, %wm147 : tensor<664x64xi1>, tensor<664x64xf32>
    %base47 = meld.select %small47, %m47, %g47 : tensor<664x64xi1>, tensor<664x64xf32>
    %gm47 = meld.sub %g47, %m47 : tensor<664x64xf32>
    %m47n = meld.fma %coef47, %gm47, %base47 : tensor<664x64xf32>
    %vb47 = meld.mul %v47, %beta2_47 : tensor<664x64xf32>
    %og47 = meld.mul %omb2_47, %g47 : tensor<664x64xf32>
    %v47n = meld.fma %og47, %g47, %vb47 : tensor<664x64xf32>
    %sq47 = meld.sqrt %v47n : tensor<664x64xf32>
    %sc47 = meld.div %sq47, %bc2_sqrt_47 : tensor<664x64xf32>
    %den47 = meld.add %sc47, %eps_47 : tensor<664x64xf32>
    %sm47 = meld.mul %step_size_47, %m47n : tensor<664x64xf32>
    %q47 = meld.div %sm47, %den47 : tensor<664x64xf32>
    %p47n = meld.add %p47, %q47 : tensor<664x64xf32>
    %lerp_w_48 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<4xf32>
    %beta2_48 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<4xf32>
    %omb2_48 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<4xf32>
    %bc2_sqrt_48 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_48 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %step_size_48 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<4xf32>
    %one48 = meld.constant dense<1.0> : tensor<4xf32>
    %half48 = meld.constant dense<0.5> : tensor<4xf32>
    %wabs48 = meld.abs %lerp_w_48 : tensor<4xf32>
    %small48 = meld.compare lt, %wabs48, %half48 : tensor<4xf32>
    %wm148 = meld.sub %lerp_w_48, %one48 : tensor<4xf32>
    %coef48 = meld.select %small48, %lerp_w_48, %wm148 : tensor<4xi1>, tensor<4xf32>
    %base48 = meld.select %small48, %m48, %g48 : tensor<4xi1>, tensor<4xf32>
    %gm48 = meld.sub %g48, %m48 : tensor<4xf32>
    %m48n = meld.fma %coef48, %gm48, %base48 : tensor<4xf32>
    %vb48 = meld.mul %v48, %beta2_48 : tensor<4xf32>
    %og48 = meld.mul %omb2_48, %g48 : tensor<4xf32>
    %v48n = meld.fma %og48, %g48, %vb48 : tensor<4xf32>
    %sq48 = meld.sqrt %v48n : tensor<4xf32>
    %sc48 = meld.div %sq48, %bc2_sqrt_48 : tensor<4xf32>
    %den48 = meld.add %sc48, %eps_48 : tensor<4xf32>
    %sm48 = meld.mul %step_size_48, %m48n : tensor<4xf32>
    %q48 = meld.div %sm48, %den48 : tensor<4xf32>
    %p48n = meld.add %p48, %q48 : tensor<4xf32>
    %lerp_w_49 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<16xf32>
    %beta2_49 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<16xf32>
    %omb2_49 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<16xf32>
    %bc2_sqrt_49 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_49 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %step_size_49 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<16xf32>
    %one49 = meld.constant dense<1.0> : tensor<16xf32>
    %half49 = meld.constant dense<0.5> : tensor<16xf32>
    %wabs49 = meld.abs %lerp_w_49 : tensor<16xf32>
    %small49 = meld.compare lt, %wabs49, %half49 : tensor<16xf32>
    %wm149 = meld.sub %lerp_w_49, %one49 : tensor<16xf32>
    %coef49 = meld.select %small49, %lerp_w_49, %wm149 : tensor<16xi1>, tensor<16xf32>
    %base49 = meld.select %small49, %m49, %g49 : tensor<16xi1>, tensor<16xf32>
    %gm49 = meld.sub %g49, %m49 : tensor<16xf32>
    %m49n = meld.fma %coef49, %gm49, %base49 : tensor<16xf32>
    %vb49 = meld.mul %v49, %beta2_49 : tensor<16xf32>
    %og49 = meld.mul %omb2_49, %g49 : tensor<16xf32>
    %v49n = meld.fma %og49, %g49, %vb49 : tensor<16xf32>
    %sq49 = meld.sqrt %v49n : tensor<16xf32>
    %sc49 = meld.div %sq49, %bc2_sqrt_49 : tensor<16xf32>
    %den49 = meld.add %sc49, %eps_49 : tensor<16xf32>
    %sm49 = meld.mul %step_size_49, %m49n : tensor<16xf32>
    %q49 = meld.div %sm49, %den49 : tensor<16xf32>
    %p49n = meld.add %p49, %q49 : tensor<16xf32>
    %lerp_w_50 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %beta2_50 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %omb2_50 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %bc2_sqrt_50 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %eps_50 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %step_size_50 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %one50 = meld.constant dense<1.0> : tensor<1405x16xf32>
    %half50 = meld.constant dense<0.5> : tensor<1405x16xf32>
    %wabs50 = meld.abs %lerp_w_50 : tensor<1405x16xf32>
    %small50 = meld.compare lt, %wabs50, %half50 : tensor<1405x16xf32>
    %wm150 = meld.sub %lerp_w_50, %one50 : tensor<1405x16xf32>
    %coef50 = meld.select %small50, %lerp_w_50, %wm150 : tensor<1405x16xi1>, tensor<1405x16xf32>
    %base50 = meld.select %small50, %m50, %g50 : tensor<1405x16xi1>, tensor<1405x16xf32>
    %gm50 = meld.sub %g50, %m50 : tensor<1405x16xf32>
    %m50n = meld.fma %coef50, %gm50, %base50 : tensor<1405x16xf32>
    %vb50 = meld.mul %v50, %beta2_50 : tensor<1405x16xf32>
    %og50 = meld.mul %omb2_50, %g50 : tensor<1405x16xf32>
    %v50n = meld.fma %og50, %g50, %vb50 : tensor<1405x16xf32>
    %sq50 = meld.sqrt %v50n : tensor<1405x16xf32>
    %sc50 = meld.div %sq50, %bc2_sqrt_50 : tensor<1405x16xf32>
    %den50 = meld.add %sc50, %eps_50 : tensor<1405x16xf32>
    %sm50 = meld.mul %step_size_50, %m50n : tensor<1405x16xf32>
    %q50 = meld.div %sm50, %den50 : tensor<1405x16xf32>
    %p50n = meld.add %p50, %q50 : tensor<1405x16xf32>
    %lerp_w_51 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3xf32>
    %beta2_51 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3xf32>
    %omb2_51 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3xf32>
    %bc2_sqrt_51 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_51 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %step_size_51 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3xf32>
    %one51 = meld.constant dense<1.0> : tensor<3xf32>
    %half51 = meld.constant dense<0.5> : tensor<3xf32>
    %wabs51 = meld.abs %lerp_w_51 : tensor<3xf32>
    %small51 = meld.compare lt, %wabs51, %half51 : tensor<3xf32>
    %wm151 = meld.sub %lerp_w_51, %one51 : tensor<3xf32>
    %coef51 = meld.select %small51, %lerp_w_51, %wm151 : tensor<3xi1>, tensor<3xf32>
    %base51 = meld.select %small51, %m51, %g51 : tensor<3xi1>, tensor<3xf32>
    %gm51 = meld.sub %g51, %m51 : tensor<3xf32>
    %m51n = meld.fma %coef51, %gm51, %base51 : tensor<3xf32>
    %vb51 = meld.mul %v51, %beta2_51 : tensor<3xf32>
    %og51 = meld.mul %omb2_51, %g51 : tensor<3xf32>
    %v51n = meld.fma %og51, %g51, %vb51 : tensor<3xf32>
    %sq51 = meld.sqrt %v51n : tensor<3xf32>
    %sc51 = meld.div %sq51, %bc2_sqrt_51 : tensor<3xf32>
    %den51 = meld.add %sc51, %eps_51 : tensor<3xf32>
    %sm51 = meld.mul %step_size_51, %m51n : tensor<3xf32>
    %q51 = meld.div %sm51, %den51 : tensor<3xf32>
    %p51n = meld.add %p51, %q51 : tensor<3xf32>
    %lerp_w_52 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<6xf32>
    %beta2_52 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<6xf32>
    %omb2_52 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<6xf32>
    %bc2_sqrt_52 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_52 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %step_size_52 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<6xf32>
    %one52 = meld.constant dense<1.0> : tensor<6xf32>
    %half52 = meld.constant dense<0.5> : tensor<6xf32>
    %wabs52 = meld.abs %lerp_w_52 : tensor<6xf32>
    %small52 = meld.compare lt, %wabs52, %half52 : tensor<6xf32>
    %wm152 = meld.sub %lerp_w_52, %one52 : tensor<6xf32>
    %coef52 = meld.select %small52, %lerp_w_52, %wm152 : tensor<6xi1>, tensor<6xf32>
    %base52 = meld.select %small52, %m52, %g52 : tensor<6xi1>, tensor<6xf32>
    %gm52 = meld.sub %g52, %m52 : tensor<6xf32>
    %m52n = meld.fma %coef52, %gm52, %base52 : tensor<6xf32>
    %vb52 = meld.mul %v52, %beta2_52 : tensor<6xf32>
    %og52 = meld.mul %omb2_52, %g52 : tensor<6xf32>
    %v52n = meld.fma %og52, %g52, %vb52 : tensor<6xf32>
    %sq52 = meld.sqrt %v52n : tensor<6xf32>
    %sc52 = meld.div %sq52, %bc2_sqrt_52 : tensor<6xf32>
    %den52 = meld.add %sc52, %eps_52 : tensor<6xf32>
    %sm52 = meld.mul %step_size_52, %m52n : tensor<6xf32>
    %q52 = meld.div %sm52, %den52 : tensor<6xf32>
    %p52n = meld.add %p52, %q52 : tensor<6xf32>
    %lerp_w_53 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %beta2_53 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %omb2_53 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %bc2_sqrt_53 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %eps_53 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %step_size_53 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %one53 = meld.constant dense<1.0> : tensor<51x128xf32>
    %half53 = meld.constant dense<0.5> : tensor<51x128xf32>
    %wabs53 = meld.abs %lerp_w_53 : tensor<51x128xf32>
    %small53 = meld.compare lt, %wabs53, %half53 : tensor<51x128xf32>
    %wm153 = meld.sub %lerp_w_53, %one53 : tensor<51x128xf32>
    %coef53 = meld.select %small53, %lerp_w_53, %wm153 : tensor<51x128xi1>, tensor<51x128xf32>
    %base53 = meld.select %small53, %m53, %g53 : tensor<51x128xi1>, tensor<51x128xf32>
    %gm53 = meld.sub %g53, %m53 : tensor<51x128xf32>
    %m53n = meld.fma %coef53, %gm53, %base53 : tensor<51x128xf32>
    %vb53 = meld.mul %v53, %beta2_53 : tensor<51x128xf32>
    %og53 = meld.mul %omb2_53, %g53 : tensor<51x128xf32>
    %v53n = meld.fma %og53, %g53, %vb53 : tensor<51x128xf32>
    %sq53 = meld.sqrt %v53n : tensor<51x128xf32>
    %sc53 = meld.div %sq53, %bc2_sqrt_53 : tensor<51x128xf32>
    %den53 = meld.add %sc53, %eps_53 : tensor<51x128xf32>
    %sm53 = meld.mul %step_size_53, %m53n : tensor<51x128xf32>
    %q53 = meld.div %sm53, %den53 : tensor<51x128xf32>
    %p53n = meld.add %p53, %q53 : tensor<51x128xf32>
    %lerp_w_54 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2975xf32>
    %beta2_54 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2975xf32>
    %omb2_54 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2975xf32>
    %bc2_sqrt_54 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2975xf32>
    %eps_54 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2975xf32>
    %step_size_54 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2975xf32>
    %one54 = meld.constant dense<1.0> : tensor<2975xf32>
    %half54 = meld.constant dense<0.5> : tensor<2975xf32>
    %wabs54 = meld.abs %lerp_w_54 : tensor<2975xf32>
    %small54 = meld.compare lt, %wabs54, %half54 : tensor<2975xf32>
    %wm154 = meld.sub %lerp_w_54, %one54 : tensor<2975xf32>
    %coef54 = meld.select %small54, %lerp_w_54, %wm154 : tensor<2975xi1>, tensor<2975xf32>
    %base54 = meld.select %small54, %m54, %g54 : tensor<2975xi1>, tensor<2975xf32>
    %gm54 = meld.sub %g54, %m54 : tensor<2975xf32>
    %m54n = meld.fma %coef54, %gm54, %base54 : tensor<2975xf32>
    %vb54 = meld.mul %v54, %beta2_54 : tensor<2975xf32>
    %og54 = meld.mul %omb2_54, %g54 : tensor<2975xf32>
    %v54n = meld.fma %og54, %g54, %vb54 : tensor<2975xf32>
    %sq54 = meld.sqrt %v54n : tensor<2975xf32>
    %sc54 = meld.div %sq54, %bc2_sqrt_54 : tensor<2975xf32>
    %den54 = meld.add %sc54, %eps_54 : tensor<2975xf32>
    %sm54 = meld.mul %step_size_54, %m54n : tensor<2975xf32>
    %q54 = meld.div %sm54, %den54 : tensor<2975xf32>
    %p54n = meld.add %p54, %q54 : tensor<2975xf32>
    %lerp_w_55 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %beta2_55 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %omb2_55 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %bc2_sqrt_55 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %eps_55 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %step_size_55 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %one55 = meld.constant dense<1.0> : tensor<124x16xf32>
    %half55 = meld.constant dense<0.5> : tensor<124x16xf32>
    %wabs55 = meld.abs %lerp_w_55 : tensor<124x16xf32>
    %small55 = meld.compare lt, %wabs55, %half55 : tensor<124x16xf32>
    %wm155 = meld.sub %lerp_w_55, %one55 : tensor<124x16xf32>
    %coef55 = meld.select %small55, %lerp_w_55, %wm155 : tensor<124x16xi1>, tensor<124x16xf32>
    %base55 = meld.select %small55, %m55, %g55 : tensor<124x16xi1>, tensor<124x16xf32>
    %gm55 = meld.sub %g55, %m55 : tensor<124x16xf32>
    %m55n = meld.fma %coef55, %gm55, %base55 : tensor<124x16xf32>
    %vb55 = meld.mul %v55, %beta2_55 : tensor<124x16xf32>
    %og55 = meld.mul %omb2_55, %g55 : tensor<124x16xf32>
    %v55n = meld.fma %og55, %g55, %vb55 : tensor<124x16xf32>
    %sq55 = meld.sqrt %v55n : tensor<124x16xf32>
    %sc55 = meld.div %sq55, %bc2_sqrt_55 : tensor<124x16xf32>
    %den55 = meld.add %sc55, %eps_55 : tensor<124x16xf32>
    %sm55 = meld.mul %step_size_55, %m55n : tensor<124x16xf32>
    %q55 = meld.div %sm55, %den55 : tensor<124x16xf32>
    %p55n = meld.add %p55, %q55 : tensor<124x16xf32>
    %lerp_w_56 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3005xf32>
    %beta2_56 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3005xf32>
    %omb2_56 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3005xf32>
    %bc2_sqrt_56 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3005xf32>
    %eps_56 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3005xf32>
    %step_size_56 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3005xf32>
    %one56 = meld.constant dense<1.0> : tensor<3005xf32>
    %half56 = meld.constant dense<0.5> : tensor<3005xf32>
    %wabs56 = meld.abs %lerp_w_56 : tensor<3005xf32>
    %small56 = meld.compare lt, %wabs56, %half56 : tensor<3005xf32>
    %wm156 = meld.sub %lerp_w_56, %one56 : tensor<3005xf32>
    %coef56 = meld.select %small56, %lerp_w_56, %wm156 : tensor<3005xi1>, tensor<3005xf32>
    %base56 = meld.select %small56, %m56, %g56 : tensor<3005xi1>, tensor<3005xf32>
    %gm56 = meld.sub %g56, %m56 : tensor<3005xf32>
    %m56n = meld.fma %coef56, %gm56, %base56 : tensor<3005xf32>
    %vb56 = meld.mul %v56, %beta2_56 : tensor<3005xf32>
    %og56 = meld.mul %omb2_56, %g56 : tensor<3005xf32>
    %v56n = meld.fma %og56, %g56, %vb56 : tensor<3005xf32>
    %sq56 = meld.sqrt %v56n : tensor<3005xf32>
    %sc56 = meld.div %sq56, %bc2_sqrt_56 : tensor<3005xf32>
    %den56 = meld.add %sc56, %eps_56 : tensor<3005xf32>
    %sm56 = meld.mul %step_size_56, %m56n : tensor<3005xf32>
    %q56 = meld.div %sm56, %den56 : tensor<3005xf32>
    %p56n = meld.add %p56, %q56 : tensor<3005xf32>
    %lerp_w_57 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %beta2_57 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %omb2_57 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %bc2_sqrt_57 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %eps_57 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %step_size_57 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %one57 = meld.constant dense<1.0> : tensor<22x64xf32>
    %half57 = meld.constant dense<0.5> : tensor<22x64xf32>
    %wabs57 = meld.abs %lerp_w_57 : tensor<22x64xf32>
    %small57 = meld.compare lt, %wabs57, %half57 : tensor<22x64xf32>
    %wm157 = meld.sub %lerp_w_57, %one57 : tensor<22x64xf32>
    %coef57 = meld.select %small57, %lerp_w_57, %wm157 : tensor<22x64xi1>, tensor<22x64xf32>
    %base57 = meld.select %small57, %m57, %g57 : tensor<22x64xi1>, tensor<22x64xf32>
    %gm57 = meld.sub %g57, %m57 : tensor<22x64xf32>
    %m57n = meld.fma %coef57, %gm57, %base57 : tensor<22x64xf32>
    %vb57 = meld.mul %v57, %beta2_57 : tensor<22x64xf32>
    %og57 = meld.mul %omb2_57, %g57 : tensor<22x64xf32>
    %v57n = meld.fma %og57, %g57, %vb57 : tensor<22x64xf32>
    %sq57 = meld.sqrt %v57n : tensor<22x64xf32>
    %sc57 = meld.div %sq57, %bc2_sqrt_57 : tensor<22x64xf32>
    %den57 = meld.add %sc57, %eps_57 : tensor<22x64xf32>
    %sm57 = meld.mul %step_size_57, %m57n : tensor<22x64xf32>
    %q57 = meld.div %sm57, %den57 : tensor<22x64xf32>
    %p57n = meld.add %p57, %q57 : tensor<22x64xf32>
    %lerp_w_58 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %beta2_58 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %omb2_58 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %bc2_sqrt_58 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %eps_58 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %step_size_58 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %one58 = meld.constant dense<1.0> : tensor<288x128xf32>
    %half58 = meld.constant dense<0.5> : tensor<288x128xf32>
    %wabs58 = meld.abs %lerp_w_58 : tensor<288x128xf32>
    %small58 = meld.compare lt, %wabs58, %half58 : tensor<288x128xf32>
    %wm158 = meld.sub %lerp_w_58, %one58 : tensor<288x128xf32>
    %coef58 = meld.select %small58, %lerp_w_58, %wm158 : tensor<288x128xi1>, tensor<288x128xf32>
    %base58 = meld.select %small58, %m58, %g58 : tensor<288x128xi1>, tensor<288x128xf32>
    %gm58 = meld.sub %g58, %m58 : tensor<288x128xf32>
    %m58n = meld.fma %coef58, %gm58, %base58 : tensor<288x128xf32>
    %vb58 = meld.mul %v58, %beta2_58 : tensor<288x128xf32>
    %og58 = meld.mul %omb2_58, %g58 : tensor<288x128xf32>
    %v58n = meld.fma %og58, %g58, %vb58 : tensor<288x128xf32>
    %sq58 = meld.sqrt %v58n : tensor<288x128xf32>
    %sc58 = meld.div %sq58, %bc2_sqrt_58 : tensor<288x128xf32>
    %den58 = meld.add %sc58, %eps_58 : tensor<288x128xf32>
    %sm58 = meld.mul %step_size_58, %m58n : tensor<288x128xf32>
    %q58 = meld.div %sm58, %den58 : tensor<288x128xf32>
    %p58n = meld.add %p58, %q58 : tensor<288x128xf32>
    %lerp_w_59 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_59 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_59 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_59 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_59 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_59 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one59 = meld.constant dense<1.0> : tensor<1xf32>
    %half59 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs59 = meld.abs %lerp_w_59 : tensor<1xf32>
    %small59 = meld.compare lt, %wabs59, %half59 : tensor<1xf32>
    %wm159 = meld.sub %lerp_w_59, %one59 : tensor<1xf32>
    %coef59 = meld.select %small59, %lerp_w_59, %wm159 : tensor<1xi1>, tensor<1xf32>
    %base59 = meld.select %small59, %m59, %g59 : tensor<1xi1>, tensor<1xf32>
    %gm59 = meld.sub %g59, %m59 : tensor<1xf32>
    %m59n = meld.fma %coef59, %gm59, %base59 : tensor<1xf32>
    %vb59 = meld.mul %v59, %beta2_59 : tensor<1xf32>
    %og59 = meld.mul %omb2_59, %g59 : tensor<1xf32>
    %v59n = meld.fma %og59, %g59, %vb59 : tensor<1xf32>
    %sq59 = meld.sqrt %v59n : tensor<1xf32>
    %sc59 = meld.div %sq59, %bc2_sqrt_59 : tensor<1xf32>
    %den59 = meld.add %sc59, %eps_59 : tensor<1xf32>
    %sm59 = meld.mul %step_size_59, %m59n : tensor<1xf32>
    %q59 = meld.div %sm59, %den59 : tensor<1xf32>
    %p59n = meld.add %p59, %q59 : tensor<1xf32>
    %lerp_w_60 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %beta2_60 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %omb2_60 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %bc2_sqrt_60 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %eps_60 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %step_size_60 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %one60 = meld.constant dense<1.0> : tensor<11470x16xf32>
    %half60 = meld.constant dense<0.5> : tensor<11470x16xf32>
    %wabs60 = meld.abs %lerp_w_60 : tensor<11470x16xf32>
    %small60 = meld.compare lt, %wabs60, %half60 : tensor<11470x16xf32>
    %wm160 = meld.sub %lerp_w_60, %one60 : tensor<11470x16xf32>
    %coef60 = meld.select %small60, %lerp_w_60, %wm160 : tensor<11470x16xi1>, tensor<11470x16xf32>
    %base60 = meld.select %small60, %m60, %g60 : tensor<11470x16xi1>, tensor<11470x16xf32>
    %gm60 = meld.sub %g60, %m60 : tensor<11470x16xf32>
    %m60n = meld.fma %coef60, %gm60, %base60 : tensor<11470x16xf32>
    %vb60 = meld.mul %v60, %beta2_60 : tensor<11470x16xf32>
    %og60 = meld.mul %omb2_60, %g60 : tensor<11470x16xf32>
    %v60n = meld.fma %og60, %g60, %vb60 : tensor<11470x16xf32>
    %sq60 = meld.sqrt %v60n : tensor<11470x16xf32>
    %sc60 = meld.div %sq60, %bc2_sqrt_60 : tensor<11470x16xf32>
    %den60 = meld.add %sc60, %eps_60 : tensor<11470x16xf32>
    %sm60 = meld.mul %step_size_60, %m60n : tensor<11470x16xf32>
    %q60 = meld.div %sm60, %den60 : tensor<11470x16xf32>
    %p60n = meld.add %p60, %q60 : tensor<11470x16xf32>
    %lerp_w_61 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<421xf32>
    %beta2_61 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<421xf32>
    %omb2_61 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<421xf32>
    %bc2_sqrt_61 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<421xf32>
    %eps_61 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<421xf32>
    %step_size_61 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<421xf32>
    %one61 = meld.constant dense<1.0> : tensor<421xf32>
    %half61 = meld.constant dense<0.5> : tensor<421xf32>
    %wabs61 = meld.abs %lerp_w_61 : tensor<421xf32>
    %small61 = meld.compare lt, %wabs61, %half61 : tensor<421xf32>
    %wm161 = meld.sub %lerp_w_61, %one61 : tensor<421xf32>
    %coef61 = meld.select %small61, %lerp_w_61, %wm161 : tensor<421xi1>, tensor<421xf32>
    %base61 = meld.select %small61, %m61, %g61 : tensor<421xi1>, tensor<421xf32>
    %gm61 = meld.sub %g61, %m61 : tensor<421xf32>
    %m61n = meld.fma %coef61, %gm61, %base61 : tensor<421xf32>
    %vb61 = meld.mul %v61, %beta2_61 : tensor<421xf32>
    %og61 = meld.mul %omb2_61, %g61 : tensor<421xf32>
    %v61n = meld.fma %og61, %g61, %vb61 : tensor<421xf32>
    %sq61 = meld.sqrt %v61n : tensor<421xf32>
    %sc61 = meld.div %sq61, %bc2_sqrt_61 : tensor<421xf32>
    %den61 = meld.add %sc61, %eps_61 : tensor<421xf32>
    %sm61 = meld.mul %step_size_61, %m61n : tensor<421xf32>
    %q61 = meld.div %sm61, %den61 : tensor<421xf32>
    %p61n = meld.add %p61, %q61 : tensor<421xf32>
    %lerp_w_62 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_62 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_62 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_62 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_62 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_62 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one62 = meld.constant dense<1.0> : tensor<2xf32>
    %half62 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs62 = meld.abs %lerp_w_62 : tensor<2xf32>
    %small62 = meld.compare lt, %wabs62, %half62 : tensor<2xf32>
    %wm162 = meld.sub %lerp_w_62, %one62 : tensor<2xf32>
    %coef62 = meld.select %small62, %lerp_w_62, %wm162 : tensor<2xi1>, tensor<2xf32>
    %base62 = meld.select %small62, %m62, %g62 : tensor<2xi1>, tensor<2xf32>
    %gm62 = meld.sub %g62, %m62 : tensor<2xf32>
    %m62n = meld.fma %coef62, %gm62, %base62 : tensor<2xf32>
    %vb62 = meld.mul %v62, %beta2_62 : tensor<2xf32>
    %og62 = meld.mul %omb2_62, %g62 : tensor<2xf32>
    %v62n = meld.fma %og62, %g62, %vb62 : tensor<2xf32>
    %sq62 = meld.sqrt %v62n : tensor<2xf32>
    %sc62 = meld.div %sq62, %bc2_sqrt_62 : tensor<2xf32>
    %den62 = meld.add %sc62, %eps_62 : tensor<2xf32>
    %sm62 = meld.mul %step_size_62, %m62n : tensor<2xf32>
    %q62 = meld.div %sm62, %den62 : tensor<2xf32>
    %p62n = meld.add %p62, %q62 : tensor<2xf32>
    %lerp_w_63 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %beta2_63 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %omb2_63 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %bc2_sqrt_63 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %eps_63 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %step_size_63 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %one63 = meld.constant dense<1.0> : tensor<41x128xf32>
    %half63 = meld.constant dense<0.5> : tensor<41x128xf32>
    %wabs63 = meld.abs %lerp_w_63 : tensor<41x128xf32>
    %small63 = meld.compare lt, %wabs63, %half63 : tensor<41x128xf32>
    %wm163 = meld.sub %lerp_w_63, %one63 : tensor<41x128xf32>
    %coef63 = meld.select %small63, %lerp_w_63, %wm163 : tensor<41x128xi1>, tensor<41x128xf32>
    %base63 = meld.select %small63, %m63, %g63 : tensor<41x128xi1>, tensor<41x128xf32>
    %gm63 = meld.sub %g63, %m63 : tensor<41x128xf32>
    %m63n = meld.fma %coef63, %gm63, %base63 : tensor<41x128xf32>
    %vb63 = meld.mul %v63, %beta2_63 : tensor<41x128xf32>
    %og63 = meld.mul %omb2_63, %g63 : tensor<41x128xf32>
    %v63n = meld.fma %og63, %g63, %vb63 : tensor<41x128xf32>
    %sq63 = meld.sqrt %v63n : tensor<41x128xf32>
    %sc63 = meld.div %sq63, %bc2_sqrt_63 : tensor<41x128xf32>
    %den63 = meld.add %sc63, %eps_63 : tensor<41x128xf32>
    %sm63 = meld.mul %step_size_63, %m63n : tensor<41x128xf32>
    %q63 = meld.div %sm63, %den63 : tensor<41x128xf32>
    %p63n = meld.add %p63, %q63 : tensor<41x128xf32>
    %lerp_w_64 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3xf32>
    %beta2_64 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3xf32>
    %omb2_64 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3xf32>
    %bc2_sqrt_64 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_64 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %step_size_64 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3xf32>
    %one64 = meld.constant dense<1.0> : tensor<3xf32>
    %half64 = meld.constant dense<0.5> : tensor<3xf32>
    %wabs64 = meld.abs %lerp_w_64 : tensor<3xf32>
    %small64 = meld.compare lt, %wabs64, %half64 : tensor<3xf32>
    %wm164 = meld.sub %lerp_w_64, %one64 : tensor<3xf32>
    %coef64 = meld.select %small64, %lerp_w_64, %wm164 : tensor<3xi1>, tensor<3xf32>
    %base64 = meld.select %small64, %m64, %g64 : tensor<3xi1>, tensor<3xf32>
    %gm64 = meld.sub %g64, %m64 : tensor<3xf32>
    %m64n = meld.fma %coef64, %gm64, %base64 : tensor<3xf32>
    %vb64 = meld.mul %v64, %beta2_64 : tensor<3xf32>
    %og64 = meld.mul %omb2_64, %g64 : tensor<3xf32>
    %v64n = meld.fma %og64, %g64, %vb64 : tensor<3xf32>
    %sq64 = meld.sqrt %v64n : tensor<3xf32>
    %sc64 = meld.div %sq64, %bc2_sqrt_64 : tensor<3xf32>
    %den64 = meld.add %sc64, %eps_64 : tensor<3xf32>
    %sm64 = meld.mul %step_size_64, %m64n : tensor<3xf32>
    %q64 = meld.div %sm64, %den64 : tensor<3xf32>
    %p64n = meld.add %p64, %q64 : tensor<3xf32>
    %lerp_w_65 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<26xf32>
    %beta2_65 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<26xf32>
    %omb2_65 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<26xf32>
    %bc2_sqrt_65 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<26xf32>
    %eps_65 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<26xf32>
    %step_size_65 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<26xf32>
    %one65 = meld.constant dense<1.0> : tensor<26xf32>
    %half65 = meld.constant dense<0.5> : tensor<26xf32>
    %wabs65 = meld.abs %lerp_w_65 : tensor<26xf32>
    %small65 = meld.compare lt, %wabs65, %half65 : tensor<26xf32>
    %wm165 = meld.sub %lerp_w_65, %one65 : tensor<26xf32>
    %coef65 = meld.select %small65, %lerp_w_65, %wm165 : tensor<26xi1>, tensor<26xf32>
    %base65 = meld.select %small65, %m65, %g65 : tensor<26xi1>, tensor<26xf32>
    %gm65 = meld.sub %g65, %m65 : tensor<26xf32>
    %m65n = meld.fma %coef65, %gm65, %base65 : tensor<26xf32>
    %vb65 = meld.mul %v65, %beta2_65 : tensor<26xf32>
    %og65 = meld.mul %omb2_65, %g65 : tensor<26xf32>
    %v65n = meld.fma %og65, %g65, %vb65 : tensor<26xf32>
    %sq65 = meld.sqrt %v65n : tensor<26xf32>
    %sc65 = meld.div %sq65, %bc2_sqrt_65 : tensor<26xf32>
    %den65 = meld.add %sc65, %eps_65 : tensor<26xf32>
    %sm65 = meld.mul %step_size_65, %m65n : tensor<26xf32>
    %q65 = meld.div %sm65, %den65 : tensor<26xf32>
    %p65n = meld.add %p65, %q65 : tensor<26xf32>
    %lerp_w_66 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<16xf32>
    %beta2_66 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<16xf32>
    %omb2_66 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<16xf32>
    %bc2_sqrt_66 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_66 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %step_size_66 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<16xf32>
    %one66 = meld.constant dense<1.0> : tensor<16xf32>
    %half66 = meld.constant dense<0.5> : tensor<16xf32>
    %wabs66 = meld.abs %lerp_w_66 : tensor<16xf32>
    %small66 = meld.compare lt, %wabs66, %half66 : tensor<16xf32>
    %wm166 = meld.sub %lerp_w_66, %one66 : tensor<16xf32>
    %coef66 = meld.select %small66, %lerp_w_66, %wm166 : tensor<16xi1>, tensor<16xf32>
    %base66 = meld.select %small66, %m66, %g66 : tensor<16xi1>, tensor<16xf32>
    %gm66 = meld.sub %g66, %m66 : tensor<16xf32>
    %m66n = meld.fma %coef66, %gm66, %base66 : tensor<16xf32>
    %vb66 = meld.mul %v66, %beta2_66 : tensor<16xf32>
    %og66 = meld.mul %omb2_66, %g66 : tensor<16xf32>
    %v66n = meld.fma %og66, %g66, %vb66 : tensor<16xf32>
    %sq66 = meld.sqrt %v66n : tensor<16xf32>
    %sc66 = meld.div %sq66, %bc2_sqrt_66 : tensor<16xf32>
    %den66 = meld.add %sc66, %eps_66 : tensor<16xf32>
    %sm66 = meld.mul %step_size_66, %m66n : tensor<16xf32>
    %q66 = meld.div %sm66, %den66 : tensor<16xf32>
    %p66n = meld.add %p66, %q66 : tensor<16xf32>
    %lerp_w_67 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %beta2_67 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %omb2_67 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %bc2_sqrt_67 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %eps_67 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %step_size_67 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %one67 = meld.constant dense<1.0> : tensor<109x32xf32>
    %half67 = meld.constant dense<0.5> : tensor<109x32xf32>
    %wabs67 = meld.abs %lerp_w_67 : tensor<109x32xf32>
    %small67 = meld.compare lt, %wabs67, %half67 : tensor<109x32xf32>
    %wm167 = meld.sub %lerp_w_67, %one67 : tensor<109x32xf32>
    %coef67 = meld.select %small67, %lerp_w_67, %wm167 : tensor<109x32xi1>, tensor<109x32xf32>
    %base67 = meld.select %small67, %m67, %g67 : tensor<109x32xi1>, tensor<109x32xf32>
    %gm67 = meld.sub %g67, %m67 : tensor<109x32xf32>
    %m67n = meld.fma %coef67, %gm67, %base67 : tensor<109x32xf32>
    %vb67 = meld.mul %v67, %beta2_67 : tensor<109x32xf32>
    %og67 = meld.mul %omb2_67, %g67 : tensor<109x32xf32>
    %v67n = meld.fma %og67, %g67, %vb67 : tensor<109x32xf32>
    %sq67 = meld.sqrt %v67n : tensor<109x32xf32>
    %sc67 = meld.div %sq67, %bc2_sqrt_67 : tensor<109x32xf32>
    %den67 = meld.add %sc67, %eps_67 : tensor<109x32xf32>
    %sm67 = meld.mul %step_size_67, %m67n : tensor<109x32xf32>
    %q67 = meld.div %sm67, %den67 : tensor<109x32xf32>
    %p67n = meld.add %p67, %q67 : tensor<109x32xf32>
    %lerp_w_68 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_68 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_68 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_68 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_68 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_68 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one68 = meld.constant dense<1.0> : tensor<2xf32>
    %half68 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs68 = meld.abs %lerp_w_68 : tensor<2xf32>
    %small68 = meld.compare lt, %wabs68, %half68 : tensor<2xf32>
    %wm168 = meld.sub %lerp_w_68, %one68 : tensor<2xf32>
    %coef68 = meld.select %small68, %lerp_w_68, %wm168 : tensor<2xi1>, tensor<2xf32>
    %base68 = meld.select %small68, %m68, %g68 : tensor<2xi1>, tensor<2xf32>
    %gm68 = meld.sub %g68, %m68 : tensor<2xf32>
    %m68n = meld.fma %coef68, %gm68, %base68 : tensor<2xf32>
    %vb68 = meld.mul %v68, %beta2_68 : tensor<2xf32>
    %og68 = meld.mul %omb2_68, %g68 : tensor<2xf32>
    %v68n = meld.fma %og68, %g68, %vb68 : tensor<2xf32>
    %sq68 = meld.sqrt %v68n : tensor<2xf32>
    %sc68 = meld.div %sq68, %bc2_sqrt_68 : tensor<2xf32>
    %den68 = meld.add %sc68, %eps_68 : tensor<2xf32>
    %sm68 = meld.mul %step_size_68, %m68n : tensor<2xf32>
    %q68 = meld.div %sm68, %den68 : tensor<2xf32>
    %p68n = meld.add %p68, %q68 : tensor<2xf32>
    %lerp_w_69 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %beta2_69 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %omb2_69 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %bc2_sqrt_69 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %eps_69 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %step_size_69 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %one69 = meld.constant dense<1.0> : tensor<3x96xf32>
    %half69 = meld.constant dense<0.5> : tensor<3x96xf32>
    %wabs69 = meld.abs %lerp_w_69 : tensor<3x96xf32>
    %small69 = meld.compare lt, %wabs69, %half69 : tensor<3x96xf32>
    %wm169 = meld.sub %lerp_w_69, %one69 : tensor<3x96xf32>
    %coef69 = meld.select %small69, %lerp_w_69, %wm169 : tensor<3x96xi1>, tensor<3x96xf32>
    %base69 = meld.select %small69, %m69, %g69 : tensor<3x96xi1>, tensor<3x96xf32>
    %gm69 = meld.sub %g69, %m69 : tensor<3x96xf32>
    %m69n = meld.fma %coef69, %gm69, %base69 : tensor<3x96xf32>
    %vb69 = meld.mul %v69, %beta2_69 : tensor<3x96xf32>
    %og69 = meld.mul %omb2_69, %g69 : tensor<3x96xf32>
    %v69n = meld.fma %og69, %g69, %vb69 : tensor<3x96xf32>
    %sq69 = meld.sqrt %v69n : tensor<3x96xf32>
    %sc69 = meld.div %sq69, %bc2_sqrt_69 : tensor<3x96xf32>
    %den69 = meld.add %sc69, %eps_69 : tensor<3x96xf32>
    %sm69 = meld.mul %step_size_69, %m69n : tensor<3x96xf32>
    %q69 = meld.div %sm69, %den69 : tensor<3x96xf32>
    %p69n = meld.add %p69, %q69 : tensor<3x96xf32>
    %lerp_w_70 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<12xf32>
    %beta2_70 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<12xf32>
    %omb2_70 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<12xf32>
    %bc2_sqrt_70 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_70 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %step_size_70 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<12xf32>
    %one70 = meld.constant dense<1.0> : tensor<12xf32>
    %half70 = meld.constant dense<0.5> : tensor<12xf32>
    %wabs70 = meld.abs %lerp_w_70 : tensor<12xf32>
    %small70 = meld.compare lt, %wabs70, %half70 : tensor<12xf32>
    %wm170 = meld.sub %lerp_w_70, %one70 : tensor<12xf32>
    %coef70 = meld.select %small70, %lerp_w_70, %wm170 : tensor<12xi1>, tensor<12xf32>
    %base70 = meld.select %small70, %m70, %g70 : tensor<12xi1>, tensor<12xf32>
    %gm70 = meld.sub %g70, %m70 : tensor<12xf32>
    %m70n = meld.fma %coef70, %gm70, %base70 : tensor<12xf32>
    %vb70 = meld.mul %v70, %beta2_70 : tensor<12xf32>
    %og70 = meld.mul %omb2_70, %g70 : tensor<12xf32>
    %v70n = meld.fma %og70, %g70, %vb70 : tensor<12xf32>
    %sq70 = meld.sqrt %v70n : tensor<12xf32>
    %sc70 = meld.div %sq70, %bc2_sqrt_70 : tensor<12xf32>
    %den70 = meld.add %sc70, %eps_70 : tensor<12xf32>
    %sm70 = meld.mul %step_size_70, %m70n : tensor<12xf32>
    %q70 = meld.div %sm70, %den70 : tensor<12xf32>
    %p70n = meld.add %p70, %q70 : tensor<12xf32>
    %lerp_w_71 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<92xf32>
    %beta2_71 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<92xf32>
    %omb2_71 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<92xf32>
    %bc2_sqrt_71 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<92xf32>
    %eps_71 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<92xf32>
    %step_size_71 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<92xf32>
    %one71 = meld.constant dense<1.0> : tensor<92xf32>
    %half71 = meld.constant dense<0.5> : tensor<92xf32>
    %wabs71 = meld.abs %lerp_w_71 : tensor<92xf32>
    %small71 = meld.compare lt, %wabs71, %half71 : tensor<92xf32>
    %wm171 = meld.sub %lerp_w_71, %one71 : tensor<92xf32>
    %coef71 = meld.select %small71, %lerp_w_71, %wm171 : tensor<92xi1>, tensor<92xf32>
    %base71 = meld.select %small71, %m71, %g71 : tensor<92xi1>, tensor<92xf32>
    %gm71 = meld.sub %g71, %m71 : tensor<92xf32>
    %m71n = meld.fma %coef71, %gm71, %base71 : tensor<92xf32>
    %vb71 = meld.mul %v71, %beta2_71 : tensor<92xf32>
    %og71 = meld.mul %omb2_71, %g71 : tensor<92xf32>
    %v71n = meld.fma %og71, %g71, %vb71 : tensor<92xf32>
    %sq71 = meld.sqrt %v71n : tensor<92xf32>
    %sc71 = meld.div %sq71, %bc2_sqrt_71 : tensor<92xf32>
    %den71 = meld.add %sc71, %eps_71 : tensor<92xf32>
    %sm71 = meld.mul %step_size_71, %m71n : tensor<92xf32>
    %q71 = meld.div %sm71, %den71 : tensor<92xf32>
    %p71n = meld.add %p71, %q71 : tensor<92xf32>
    %lerp_w_72 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<39049xf32>
    %beta2_72 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<39049xf32>
    %omb2_72 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<39049xf32>
    %bc2_sqrt_72 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<39049xf32>
    %eps_72 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<39049xf32>
    %step_size_72 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<39049xf32>
    %one72 = meld.constant dense<1.0> : tensor<39049xf32>
    %half72 = meld.constant dense<0.5> : tensor<39049xf32>
    %wabs72 = meld.abs %lerp_w_72 : tensor<39049xf32>
    %small72 = meld.compare lt, %wabs72, %half72 : tensor<39049xf32>
    %wm172 = meld.sub %lerp_w_72, %one72 : tensor<39049xf32>
    %coef72 = meld.select %small72, %lerp_w_72, %wm172 : tensor<39049xi1>, tensor<39049xf32>
    %base72 = meld.select %small72, %m72, %g72 : tensor<39049xi1>, tensor<39049xf32>
    %gm72 = meld.sub %g72, %m72 : tensor<39049xf32>
    %m72n = meld.fma %coef72, %gm72, %base72 : tensor<39049xf32>
    %vb72 = meld.mul %v72, %beta2_72 : tensor<39049xf32>
    %og72 = meld.mul %omb2_72, %g72 : tensor<39049xf32>
    %v72n = meld.fma %og72, %g72, %vb72 : tensor<39049xf32>
    %sq72 = meld.sqrt %v72n : tensor<39049xf32>
    %sc72 = meld.div %sq72, %bc2_sqrt_72 : tensor<39049xf32>
    %den72 = meld.add %sc72, %eps_72 : tensor<39049xf32>
    %sm72 = meld.mul %step_size_72, %m72n : tensor<39049xf32>
    %q72 = meld.div %sm72, %den72 : tensor<39049xf32>
    %p72n = meld.add %p72, %q72 : tensor<39049xf32>
    %lerp_w_73 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<8xf32>
    %beta2_73 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<8xf32>
    %omb2_73 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<8xf32>
    %bc2_sqrt_73 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<8xf32>
    %eps_73 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<8xf32>
    %step_size_73 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<8xf32>
    %one73 = meld.constant dense<1.0> : tensor<8xf32>
    %half73 = meld.constant dense<0.5> : tensor<8xf32>
    %wabs73 = meld.abs %lerp_w_73 : tensor<8xf32>
    %small73 = meld.compare lt, %wabs73, %half73 : tensor<8xf32>
    %wm173 = meld.sub %lerp_w_73, %one73 : tensor<8xf32>
    %coef73 = meld.select %small73, %lerp_w_73, %wm173 : tensor<8xi1>, tensor<8xf32>
    %base73 = meld.select %small73, %m73, %g73 : tensor<8xi1>, tensor<8xf32>
    %gm73 = meld.sub %g73, %m73 : tensor<8xf32>
    %m73n = meld.fma %coef73, %gm73, %base73 : tensor<8xf32>
    %vb73 = meld.mul %v73, %beta2_73 : tensor<8xf32>
    %og73 = meld.mul %omb2_73, %g73 : tensor<8xf32>
    %v73n = meld.fma %og73, %g73, %vb73 : tensor<8xf32>
    %sq73 = meld.sqrt %v73n : tensor<8xf32>
    %sc73 = meld.div %sq73, %bc2_sqrt_73 : tensor<8xf32>
    %den73 = meld.add %sc73, %eps_73 : tensor<8xf32>
    %sm73 = meld.mul %step_size_73, %m73n : tensor<8xf32>
    %q73 = meld.div %sm73, %den73 : tensor<8xf32>
    %p73n = meld.add %p73, %q73 : tensor<8xf32>
    %lerp_w_74 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<4832xf32>
    %beta2_74 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<4832xf32>
    %omb2_74 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<4832xf32>
    %bc2_sqrt_74 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<4832xf32>
    %eps_74 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4832xf32>
    %step_size_74 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<4832xf32>
    %one74 = meld.constant dense<1.0> : tensor<4832xf32>
    %half74 = meld.constant dense<0.5> : tensor<4832xf32>
    %wabs74 = meld.abs %lerp_w_74 : tensor<4832xf32>
    %small74 = meld.compare lt, %wabs74, %half74 : tensor<4832xf32>
    %wm174 = meld.sub %lerp_w_74, %one74 : tensor<4832xf32>
    %coef74 = meld.select %small74, %lerp_w_74, %wm174 : tensor<4832xi1>, tensor<4832xf32>
    %base74 = meld.select %small74, %m74, %g74 : tensor<4832xi1>, tensor<4832xf32>
    %gm74 = meld.sub %g74, %m74 : tensor<4832xf32>
    %m74n = meld.fma %coef74, %gm74, %base74 : tensor<4832xf32>
    %vb74 = meld.mul %v74, %beta2_74 : tensor<4832xf32>
    %og74 = meld.mul %omb2_74, %g74 : tensor<4832xf32>
    %v74n = meld.fma %og74, %g74, %vb74 : tensor<4832xf32>
    %sq74 = meld.sqrt %v74n : tensor<4832xf32>
    %sc74 = meld.div %sq74, %bc2_sqrt_74 : tensor<4832xf32>
    %den74 = meld.add %sc74, %eps_74 : tensor<4832xf32>
    %sm74 = meld.mul %step_size_74, %m74n : tensor<4832xf32>
    %q74 = meld.div %sm74, %den74 : tensor<4832xf32>
    %p74n = meld.add %p74, %q74 : tensor<4832xf32>
    %lerp_w_75 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_75 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_75 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_75 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_75 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_75 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one75 = meld.constant dense<1.0> : tensor<2xf32>
    %half75 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs75 = meld.abs %lerp_w_75 : tensor<2xf32>
    %small75 = meld.compare lt, %wabs75, %half75 : tensor<2xf32>
    %wm175 = meld.sub %lerp_w_75, %one75 : tensor<2xf32>
    %coef75 = meld.select %small75, %lerp_w_75, %wm175 : tensor<2xi1>, tensor<2xf32>
    %base75 = meld.select %small75, %m75, %g75 : tensor<2xi1>, tensor<2xf32>
    %gm75 = meld.sub %g75, %m75 : tensor<2xf32>
    %m75n = meld.fma %coef75, %gm75, %base75 : tensor<2xf32>
    %vb75 = meld.mul %v75, %beta2_75 : tensor<2xf32>
    %og75 = meld.mul %omb2_75, %g75 : tensor<2xf32>
    %v75n = meld.fma %og75, %g75, %vb75 : tensor<2xf32>
    %sq75 = meld.sqrt %v75n : tensor<2xf32>
    %sc75 = meld.div %sq75, %bc2_sqrt_75 : tensor<2xf32>
    %den75 = meld.add %sc75, %eps_75 : tensor<2xf32>
    %sm75 = meld.mul %step_size_75, %m75n : tensor<2xf32>
    %q75 = meld.div %sm75, %den75 : tensor<2xf32>
    %p75n = meld.add %p75, %q75 : tensor<2xf32>
    %lerp_w_76 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5054xf32>
    %beta2_76 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5054xf32>
    %omb2_76 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5054xf32>
    %bc2_sqrt_76 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5054xf32>
    %eps_76 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5054xf32>
    %step_size_76 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5054xf32>
    %one76 = meld.constant dense<1.0> : tensor<5054xf32>
    %half76 = meld.constant dense<0.5> : tensor<5054xf32>
    %wabs76 = meld.abs %lerp_w_76 : tensor<5054xf32>
    %small76 = meld.compare lt, %wabs76, %half76 : tensor<5054xf32>
    %wm176 = meld.sub %lerp_w_76, %one76 : tensor<5054xf32>
    %coef76 = meld.select %small76, %lerp_w_76, %wm176 : tensor<5054xi1>, tensor<5054xf32>
    %base76 = meld.select %small76, %m76, %g76 : tensor<5054xi1>, tensor<5054xf32>
    %gm76 = meld.sub %g76, %m76 : tensor<5054xf32>
    %m76n = meld.fma %coef76, %gm76, %base76 : tensor<5054xf32>
    %vb76 = meld.mul %v76, %beta2_76 : tensor<5054xf32>
    %og76 = meld.mul %omb2_76, %g76 : tensor<5054xf32>
    %v76n = meld.fma %og76, %g76, %vb76 : tensor<5054xf32>
    %sq76 = meld.sqrt %v76n : tensor<5054xf32>
    %sc76 = meld.div %sq76, %bc2_sqrt_76 : tensor<5054xf32>
    %den76 = meld.add %sc76, %eps_76 : tensor<5054xf32>
    %sm76 = meld.mul %step_size_76, %m76n : tensor<5054xf32>
    %q76 = meld.div %sm76, %den76 : tensor<5054xf32>
    %p76n = meld.add %p76, %q76 : tensor<5054xf32>
    %lerp_w_77 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %beta2_77 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %omb2_77 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %bc2_sqrt_77 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %eps_77 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %step_size_77 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %one77 = meld.constant dense<1.0> : tensor<1x128xf32>
    %half77 = meld.constant dense<0.5> : tensor<1x128xf32>
    %wabs77 = meld.abs %lerp_w_77 : tensor<1x128xf32>
    %small77 = meld.compare lt, %wabs77, %half77 : tensor<1x128xf32>
    %wm177 = meld.sub %lerp_w_77, %one77 : tensor<1x128xf32>
    %coef77 = meld.select %small77, %lerp_w_77, %wm177 : tensor<1x128xi1>, tensor<1x128xf32>
    %base77 = meld.select %small77, %m77, %g77 : tensor<1x128xi1>, tensor<1x128xf32>
    %gm77 = meld.sub %g77, %m77 : tensor<1x128xf32>
    %m77n = meld.fma %coef77, %gm77, %base77 : tensor<1x128xf32>
    %vb77 = meld.mul %v77, %beta2_77 : tensor<1x128xf32>
    %og77 = meld.mul %omb2_77, %g77 : tensor<1x128xf32>
    %v77n = meld.fma %og77, %g77, %vb77 : tensor<1x128xf32>
    %sq77 = meld.sqrt %v77n : tensor<1x128xf32>
    %sc77 = meld.div %sq77, %bc2_sqrt_77 : tensor<1x128xf32>
    %den77 = meld.add %sc77, %eps_77 : tensor<1x128xf32>
    %sm77 = meld.mul %step_size_77, %m77n : tensor<1x128xf32>
    %q77 = meld.div %sm77, %den77 : tensor<1x128xf32>
    %p77n = meld.add %p77, %q77 : tensor<1x128xf32>
    %lerp_w_78 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<111357xf32>
    %beta2_78 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<111357xf32>
    %omb2_78 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<111357xf32>
    %bc2_sqrt_78 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<111357xf32>
    %eps_78 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<111357xf32>
    %step_size_78 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<111357xf32>
    %one78 = meld.constant dense<1.0> : tensor<111357xf32>
    %half78 = meld.constant dense<0.5> : tensor<111357xf32>
    %wabs78 = meld.abs %lerp_w_78 : tensor<111357xf32>
    %small78 = meld.compare lt, %wabs78, %half78 : tensor<111357xf32>
    %wm178 = meld.sub %lerp_w_78, %one78 : tensor<111357xf32>
    %coef78 = meld.select %small78, %lerp_w_78, %wm178 : tensor<111357xi1>, tensor<111357xf32>
    %base78 = meld.select %small78, %m78, %g78 : tensor<111357xi1>, tensor<111357xf32>
    %gm78 = meld.sub %g78, %m78 : tensor<111357xf32>
    %m78n = meld.fma %coef78, %gm78, %base78 : tensor<111357xf32>
    %vb78 = meld.mul %v78, %beta2_78 : tensor<111357xf32>
    %og78 = meld.mul %omb2_78, %g78 : tensor<111357xf32>
    %v78n = meld.fma %og78, %g78, %vb78 : tensor<111357xf32>
    %sq78 = meld.sqrt %v78n : tensor<111357xf32>
    %sc78 = meld.div %sq78, %bc2_sqrt_78 : tensor<111357xf32>
    %den78 = meld.add %sc78, %eps_78 : tensor<111357xf32>
    %sm78 = meld.mul %step_size_78, %m78n : tensor<111357xf32>
    %q78 = meld.div %sm78, %den78 : tensor<111357xf32>
    %p78n = meld.add %p78, %q78 : tensor<111357xf32>
    %lerp_w_79 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_79 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_79 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_79 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_79 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_79 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one79 = meld.constant dense<1.0> : tensor<1xf32>
    %half79 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs79 = meld.abs %lerp_w_79 : tensor<1xf32>
    %small79 = meld.compare lt, %wabs79, %half79 : tensor<1xf32>
    %wm179 = meld.sub %lerp_w_79, %one79 : tensor<1xf32>
    %coef79 = meld.select %small79, %lerp_w_79, %wm179 : tensor<1xi1>, tensor<1xf32>
    %base79 = meld.select %small79, %m79, %g79 : tensor<1xi1>, tensor<1xf32>
    %gm79 = meld.sub %g79, %m79 : tensor<1xf32>
    %m79n = meld.fma %coef79, %gm79, %base79 : tensor<1xf32>
    %vb79 = meld.mul %v79, %beta2_79 : tensor<1xf32>
    %og79 = meld.mul %omb2_79, %g79 : tensor<1xf32>
    %v79n = meld.fma %og79, %g79, %vb79 : tensor<1xf32>
    %sq79 = meld.sqrt %v79n : tensor<1xf32>
    %sc79 = meld.div %sq79, %bc2_sqrt_79 : tensor<1xf32>
    %den79 = meld.add %sc79, %eps_79 : tensor<1xf32>
    %sm79 = meld.mul %step_size_79, %m79n : tensor<1xf32>
    %q79 = meld.div %sm79, %den79 : tensor<1xf32>
    %p79n = meld.add %p79, %q79 : tensor<1xf32>
    %lerp_w_80 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5388xf32>
    %beta2_80 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5388xf32>
    %omb2_80 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5388xf32>
    %bc2_sqrt_80 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5388xf32>
    %eps_80 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5388xf32>
    %step_size_80 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5388xf32>
    %one80 = meld.constant dense<1.0> : tensor<5388xf32>
    %half80 = meld.constant dense<0.5> : tensor<5388xf32>
    %wabs80 = meld.abs %lerp_w_80 : tensor<5388xf32>
    %small80 = meld.compare lt, %wabs80, %half80 : tensor<5388xf32>
    %wm180 = meld.sub %lerp_w_80, %one80 : tensor<5388xf32>
    %coef80 = meld.select %small80, %lerp_w_80, %wm180 : tensor<5388xi1>, tensor<5388xf32>
    %base80 = meld.select %small80, %m80, %g80 : tensor<5388xi1>, tensor<5388xf32>
    %gm80 = meld.sub %g80, %m80 : tensor<5388xf32>
    %m80n = meld.fma %coef80, %gm80, %base80 : tensor<5388xf32>
    %vb80 = meld.mul %v80, %beta2_80 : tensor<5388xf32>
    %og80 = meld.mul %omb2_80, %g80 : tensor<5388xf32>
    %v80n = meld.fma %og80, %g80, %vb80 : tensor<5388xf32>
    %sq80 = meld.sqrt %v80n : tensor<5388xf32>
    %sc80 = meld.div %sq80, %bc2_sqrt_80 : tensor<5388xf32>
    %den80 = meld.add %sc80, %eps_80 : tensor<5388xf32>
    %sm80 = meld.mul %step_size_80, %m80n : tensor<5388xf32>
    %q80 = meld.div %sm80, %den80 : tensor<5388xf32>
    %p80n = meld.add %p80, %q80 : tensor<5388xf32>
    %lerp_w_81 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<61860xf32>
    %beta2_81 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<61860xf32>
    %omb2_81 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<61860xf32>
    %bc2_sqrt_81 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<61860xf32>
    %eps_81 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<61860xf32>
    %step_size_81 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<61860xf32>
    %one81 = meld.constant dense<1.0> : tensor<61860xf32>
    %half81 = meld.constant dense<0.5> : tensor<61860xf32>
    %wabs81 = meld.abs %lerp_w_81 : tensor<61860xf32>
    %small81 = meld.compare lt, %wabs81, %half81 : tensor<61860xf32>
    %wm181 = meld.sub %lerp_w_81, %one81 : tensor<61860xf32>
    %coef81 = meld.select %small81, %lerp_w_81, %wm181 : tensor<61860xi1>, tensor<61860xf32>
    %base81 = meld.select %small81, %m81, %g81 : tensor<61860xi1>, tensor<61860xf32>
    %gm81 = meld.sub %g81, %m81 : tensor<61860xf32>
    %m81n = meld.fma %coef81, %gm81, %base81 : tensor<61860xf32>
    %vb81 = meld.mul %v81, %beta2_81 : tensor<61860xf32>
    %og81 = meld.mul %omb2_81, %g81 : tensor<61860xf32>
    %v81n = meld.fma %og81, %g81, %vb81 : tensor<61860xf32>
    %sq81 = meld.sqrt %v81n : tensor<61860xf32>
    %sc81 = meld.div %sq81, %bc2_sqrt_81 : tensor<61860xf32>
    %den81 = meld.add %sc81, %eps_81 : tensor<61860xf32>
    %sm81 = meld.mul %step_size_81, %m81n : tensor<61860xf32>
    %q81 = meld.div %sm81, %den81 : tensor<61860xf32>
    %p81n = meld.add %p81, %q81 : tensor<61860xf32>
    %lerp_w_82 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %beta2_82 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %omb2_82 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %bc2_sqrt_82 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %eps_82 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %step_size_82 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %one82 = meld.constant dense<1.0> : tensor<55x64xf32>
    %half82 = meld.constant dense<0.5> : tensor<55x64xf32>
    %wabs82 = meld.abs %lerp_w_82 : tensor<55x64xf32>
    %small82 = meld.compare lt, %wabs82, %half82 : tensor<55x64xf32>
    %wm182 = meld.sub %lerp_w_82, %one82 : tensor<55x64xf32>
    %coef82 = meld.select %small82, %lerp_w_82, %wm182 : tensor<55x64xi1>, tensor<55x64xf32>
    %base82 = meld.select %small82, %m82, %g82 : tensor<55x64xi1>, tensor<55x64xf32>
    %gm82 = meld.sub %g82, %m82 : tensor<55x64xf32>
    %m82n = meld.fma %coef82, %gm82, %base82 : tensor<55x64xf32>
    %vb82 = meld.mul %v82, %beta2_82 : tensor<55x64xf32>
    %og82 = meld.mul %omb2_82, %g82 : tensor<55x64xf32>
    %v82n = meld.fma %og82, %g82, %vb82 : tensor<55x64xf32>
    %sq82 = meld.sqrt %v82n : tensor<55x64xf32>
    %sc82 = meld.div %sq82, %bc2_sqrt_82 : tensor<55x64xf32>
    %den82 = meld.add %sc82, %eps_82 : tensor<55x64xf32>
    %sm82 = meld.mul %step_size_82, %m82n : tensor<55x64xf32>
    %q82 = meld.div %sm82, %den82 : tensor<55x64xf32>
    %p82n = meld.add %p82, %q82 : tensor<55x64xf32>
    %lerp_w_83 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<6xf32>
    %beta2_83 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<6xf32>
    %omb2_83 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<6xf32>
    %bc2_sqrt_83 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_83 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %step_size_83 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<6xf32>
    %one83 = meld.constant dense<1.0> : tensor<6xf32>
    %half83 = meld.constant dense<0.5> : tensor<6xf32>
    %wabs83 = meld.abs %lerp_w_83 : tensor<6xf32>
    %small83 = meld.compare lt, %wabs83, %half83 : tensor<6xf32>
    %wm183 = meld.sub %lerp_w_83, %one83 : tensor<6xf32>
    %coef83 = meld.select %small83, %lerp_w_83, %wm183 : tensor<6xi1>, tensor<6xf32>
    %base83 = meld.select %small83, %m83, %g83 : tensor<6xi1>, tensor<6xf32>
    %gm83 = meld.sub %g83, %m83 : tensor<6xf32>
    %m83n = meld.fma %coef83, %gm83, %base83 : tensor<6xf32>
    %vb83 = meld.mul %v83, %beta2_83 : tensor<6xf32>
    %og83 = meld.mul %omb2_83, %g83 : tensor<6xf32>
    %v83n = meld.fma %og83, %g83, %vb83 : tensor<6xf32>
    %sq83 = meld.sqrt %v83n : tensor<6xf32>
    %sc83 = meld.div %sq83, %bc2_sqrt_83 : tensor<6xf32>
    %den83 = meld.add %sc83, %eps_83 : tensor<6xf32>
    %sm83 = meld.mul %step_size_83, %m83n : tensor<6xf32>
    %q83 = meld.div %sm83, %den83 : tensor<6xf32>
    %p83n = meld.add %p83, %q83 : tensor<6xf32>
    %lerp_w_84 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %beta2_84 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %omb2_84 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %bc2_sqrt_84 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %eps_84 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %step_size_84 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %one84 = meld.constant dense<1.0> : tensor<379x16xf32>
    %half84 = meld.constant dense<0.5> : tensor<379x16xf32>
    %wabs84 = meld.abs %lerp_w_84 : tensor<379x16xf32>
    %small84 = meld.compare lt, %wabs84, %half84 : tensor<379x16xf32>
    %wm184 = meld.sub %lerp_w_84, %one84 : tensor<379x16xf32>
    %coef84 = meld.select %small84, %lerp_w_84, %wm184 : tensor<379x16xi1>, tensor<379x16xf32>
    %base84 = meld.select %small84, %m84, %g84 : tensor<379x16xi1>, tensor<379x16xf32>
    %gm84 = meld.sub %g84, %m84 : tensor<379x16xf32>
    %m84n = meld.fma %coef84, %gm84, %base84 : tensor<379x16xf32>
    %vb84 = meld.mul %v84, %beta2_84 : tensor<379x16xf32>
    %og84 = meld.mul %omb2_84, %g84 : tensor<379x16xf32>
    %v84n = meld.fma %og84, %g84, %vb84 : tensor<379x16xf32>
    %sq84 = meld.sqrt %v84n : tensor<379x16xf32>
    %sc84 = meld.div %sq84, %bc2_sqrt_84 : tensor<379x16xf32>
    %den84 = meld.add %sc84, %eps_84 : tensor<379x16xf32>
    %sm84 = meld.mul %step_size_84, %m84n : tensor<379x16xf32>
    %q84 = meld.div %sm84, %den84 : tensor<379x16xf32>
    %p84n = meld.add %p84, %q84 : tensor<379x16xf32>
    %lerp_w_85 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %beta2_85 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %omb2_85 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %bc2_sqrt_85 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %eps_85 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %step_size_85 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %one85 = meld.constant dense<1.0> : tensor<1x64xf32>
    %half85 = meld.constant dense<0.5> : tensor<1x64xf32>
    %wabs85 = meld.abs %lerp_w_85 : tensor<1x64xf32>
    %small85 = meld.compare lt, %wabs85, %half85 : tensor<1x64xf32>
    %wm185 = meld.sub %lerp_w_85, %one85 : tensor<1x64xf32>
    %coef85 = meld.select %small85, %lerp_w_85, %wm185 : tensor<1x64xi1>, tensor<1x64xf32>
    %base85 = meld.select %small85, %m85, %g85 : tensor<1x64xi1>, tensor<1x64xf32>
    %gm85 = meld.sub %g85, %m85 : tensor<1x64xf32>
    %m85n = meld.fma %coef85, %gm85, %base85 : tensor<1x64xf32>
    %vb85 = meld.mul %v85, %beta2_85 : tensor<1x64xf32>
    %og85 = meld.mul %omb2_85, %g85 : tensor<1x64xf32>
    %v85n = meld.fma %og85, %g85, %vb85 : tensor<1x64xf32>
    %sq85 = meld.sqrt %v85n : tensor<1x64xf32>
    %sc85 = meld.div %sq85, %bc2_sqrt_85 : tensor<1x64xf32>
    %den85 = meld.add %sc85, %eps_85 : tensor<1x64xf32>
    %sm85 = meld.mul %step_size_85, %m85n : tensor<1x64xf32>
    %q85 = meld.div %sm85, %den85 : tensor<1x64xf32>
    %p85n = meld.add %p85, %q85 : tensor<1x64xf32>
    %lerp_w_86 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5xf32>
    %beta2_86 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5xf32>
    %omb2_86 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5xf32>
    %bc2_sqrt_86 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_86 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %step_size_86 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5xf32>
    %one86 = meld.constant dense<1.0> : tensor<5xf32>
    %half86 = meld.constant dense<0.5> : tensor<5xf32>
    %wabs86 = meld.abs %lerp_w_86 : tensor<5xf32>
    %small86 = meld.compare lt, %wabs86, %half86 : tensor<5xf32>
    %wm186 = meld.sub %lerp_w_86, %one86 : tensor<5xf32>
    %coef86 = meld.select %small86, %lerp_w_86, %wm186 : tensor<5xi1>, tensor<5xf32>
    %base86 = meld.select %small86, %m86, %g86 : tensor<5xi1>, tensor<5xf32>
    %gm86 = meld.sub %g86, %m86 : tensor<5xf32>
    %m86n = meld.fma %coef86, %gm86, %base86 : tensor<5xf32>
    %vb86 = meld.mul %v86, %beta2_86 : tensor<5xf32>
    %og86 = meld.mul %omb2_86, %g86 : tensor<5xf32>
    %v86n = meld.fma %og86, %g86, %vb86 : tensor<5xf32>
    %sq86 = meld.sqrt %v86n : tensor<5xf32>
    %sc86 = meld.div %sq86, %bc2_sqrt_86 : tensor<5xf32>
    %den86 = meld.add %sc86, %eps_86 : tensor<5xf32>
    %sm86 = meld.mul %step_size_86, %m86n : tensor<5xf32>
    %q86 = meld.div %sm86, %den86 : tensor<5xf32>
    %p86n = meld.add %p86, %q86 : tensor<5xf32>
    %lerp_w_87 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %beta2_87 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %omb2_87 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %bc2_sqrt_87 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %eps_87 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %step_size_87 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %one87 = meld.constant dense<1.0> : tensor<116x128xf32>
    %half87 = meld.constant dense<0.5> : tensor<116x128xf32>
    %wabs87 = meld.abs %lerp_w_87 : tensor<116x128xf32>
    %small87 = meld.compare lt, %wabs87, %half87 : tensor<116x128xf32>
    %wm187 = meld.sub %lerp_w_87, %one87 : tensor<116x128xf32>
    %coef87 = meld.select %small87, %lerp_w_87, %wm187 : tensor<116x128xi1>, tensor<116x128xf32>
    %base87 = meld.select %small87, %m87, %g87 : tensor<116x128xi1>, tensor<116x128xf32>
    %gm87 = meld.sub %g87, %m87 : tensor<116x128xf32>
    %m87n = meld.fma %coef87, %gm87, %base87 : tensor<116x128xf32>
    %vb87 = meld.mul %v87, %beta2_87 : tensor<116x128xf32>
    %og87 = meld.mul %omb2_87, %g87 : tensor<116x128xf32>
    %v87n = meld.fma %og87, %g87, %vb87 : tensor<116x128xf32>
    %sq87 = meld.sqrt %v87n : tensor<116x128xf32>
    %sc87 = meld.div %sq87, %bc2_sqrt_87 : tensor<116x128xf32>
    %den87 = meld.add %sc87, %eps_87 : tensor<116x128xf32>
    %sm87 = meld.mul %step_size_87, %m87n : tensor<116x128xf32>
    %q87 = meld.div %sm87, %den87 : tensor<116x128xf32>
    %p87n = meld.add %p87, %q87 : tensor<116x128xf32>
    %lerp_w_88 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<37xf32>
    %beta2_88 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<37xf32>
    %omb2_88 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<37xf32>
    %bc2_sqrt_88 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<37xf32>
    %eps_88 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<37xf32>
    %step_size_88 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<37xf32>
    %one88 = meld.constant dense<1.0> : tensor<37xf32>
    %half88 = meld.constant dense<0.5> : tensor<37xf32>
    %wabs88 = meld.abs %lerp_w_88 : tensor<37xf32>
    %small88 = meld.compare lt, %wabs88, %half88 : tensor<37xf32>
    %wm188 = meld.sub %lerp_w_88, %one88 : tensor<37xf32>
    %coef88 = meld.select %small88, %lerp_w_88, %wm188 : tensor<37xi1>, tensor<37xf32>
    %base88 = meld.select %small88, %m88, %g88 : tensor<37xi1>, tensor<37xf32>
    %gm88 = meld.sub %g88, %m88 : tensor<37xf32>
    %m88n = meld.fma %coef88, %gm88, %base88 : tensor<37xf32>
    %vb88 = meld.mul %v88, %beta2_88 : tensor<37xf32>
    %og88 = meld.mul %omb2_88, %g88 : tensor<37xf32>
    %v88n = meld.fma %og88, %g88, %vb88 : tensor<37xf32>
    %sq88 = meld.sqrt %v88n : tensor<37xf32>
    %sc88 = meld.div %sq88, %bc2_sqrt_88 : tensor<37xf32>
    %den88 = meld.add %sc88, %eps_88 : tensor<37xf32>
    %sm88 = meld.mul %step_size_88, %m88n : tensor<37xf32>
    %q88 = meld.div %sm88, %den88 : tensor<37xf32>
    %p88n = meld.add %p88, %q88 : tensor<37xf32>
    %lerp_w_89 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<92xf32>
    %beta2_89 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<92xf32>
    %omb2_89 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<92xf32>
    %bc2_sqrt_89 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<92xf32>
    %eps_89 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<92xf32>
    %step_size_89 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<92xf32>
    %one89 = meld.constant dense<1.0> : tensor<92xf32>
    %half89 = meld.constant dense<0.5> : tensor<92xf32>
    %wabs89 = meld.abs %lerp_w_89 : tensor<92xf32>
    %small89 = meld.compare lt, %wabs89, %half89 : tensor<92xf32>
    %wm189 = meld.sub %lerp_w_89, %one89 : tensor<92xf32>
    %coef89 = meld.select %small89, %lerp_w_89, %wm189 : tensor<92xi1>, tensor<92xf32>
    %base89 = meld.select %small89, %m89, %g89 : tensor<92xi1>, tensor<92xf32>
    %gm89 = meld.sub %g89, %m89 : tensor<92xf32>
    %m89n = meld.fma %coef89, %gm89, %base89 : tensor<92xf32>
    %vb89 = meld.mul %v89, %beta2_89 : tensor<92xf32>
    %og89 = meld.mul %omb2_89, %g89 : tensor<92xf32>
    %v89n = meld.fma %og89, %g89, %vb89 : tensor<92xf32>
    %sq89 = meld.sqrt %v89n : tensor<92xf32>
    %sc89 = meld.div %sq89, %bc2_sqrt_89 : tensor<92xf32>
    %den89 = meld.add %sc89, %eps_89 : tensor<92xf32>
    %sm89 = meld.mul %step_size_89, %m89n : tensor<92xf32>
    %q89 = meld.div %sm89, %den89 : tensor<92xf32>
    %p89n = meld.add %p89, %q89 : tensor<92xf32>
    %lerp_w_90 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2958xf32>
    %beta2_90 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2958xf32>
    %omb2_90 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2958xf32>
    %bc2_sqrt_90 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2958xf32>
    %eps_90 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2958xf32>
    %step_size_90 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2958xf32>
    %one90 = meld.constant dense<1.0> : tensor<2958xf32>
    %half90 = meld.constant dense<0.5> : tensor<2958xf32>
    %wabs90 = meld.abs %lerp_w_90 : tensor<2958xf32>
    %small90 = meld.compare lt, %wabs90, %half90 : tensor<2958xf32>
    %wm190 = meld.sub %lerp_w_90, %one90 : tensor<2958xf32>
    %coef90 = meld.select %small90, %lerp_w_90, %wm190 : tensor<2958xi1>, tensor<2958xf32>
    %base90 = meld.select %small90, %m90, %g90 : tensor<2958xi1>, tensor<2958xf32>
    %gm90 = meld.sub %g90, %m90 : tensor<2958xf32>
    %m90n = meld.fma %coef90, %gm90, %base90 : tensor<2958xf32>
    %vb90 = meld.mul %v90, %beta2_90 : tensor<2958xf32>
    %og90 = meld.mul %omb2_90, %g90 : tensor<2958xf32>
    %v90n = meld.fma %og90, %g90, %vb90 : tensor<2958xf32>
    %sq90 = meld.sqrt %v90n : tensor<2958xf32>
    %sc90 = meld.div %sq90, %bc2_sqrt_90 : tensor<2958xf32>
    %den90 = meld.add %sc90, %eps_90 : tensor<2958xf32>
    %sm90 = meld.mul %step_size_90, %m90n : tensor<2958xf32>
    %q90 = meld.div %sm90, %den90 : tensor<2958xf32>
    %p90n = meld.add %p90, %q90 : tensor<2958xf32>
    %lerp_w_91 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %beta2_91 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %omb2_91 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %bc2_sqrt_91 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %eps_91 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %step_size_91 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %one91 = meld.constant dense<1.0> : tensor<86x96xf32>
    %half91 = meld.constant dense<0.5> : tensor<86x96xf32>
    %wabs91 = meld.abs %lerp_w_91 : tensor<86x96xf32>
    %small91 = meld.compare lt, %wabs91, %half91 : tensor<86x96xf32>
    %wm191 = meld.sub %lerp_w_91, %one91 : tensor<86x96xf32>
    %coef91 = meld.select %small91, %lerp_w_91, %wm191 : tensor<86x96xi1>, tensor<86x96xf32>
    %base91 = meld.select %small91, %m91, %g91 : tensor<86x96xi1>, tensor<86x96xf32>
    %gm91 = meld.sub %g91, %m91 : tensor<86x96xf32>
    %m91n = meld.fma %coef91, %gm91, %base91 : tensor<86x96xf32>
    %vb91 = meld.mul %v91, %beta2_91 : tensor<86x96xf32>
    %og91 = meld.mul %omb2_91, %g91 : tensor<86x96xf32>
    %v91n = meld.fma %og91, %g91, %vb91 : tensor<86x96xf32>
    %sq91 = meld.sqrt %v91n : tensor<86x96xf32>
    %sc91 = meld.div %sq91, %bc2_sqrt_91 : tensor<86x96xf32>
    %den91 = meld.add %sc91, %eps_91 : tensor<86x96xf32>
    %sm91 = meld.mul %step_size_91, %m91n : tensor<86x96xf32>
    %q91 = meld.div %sm91, %den91 : tensor<86x96xf32>
    %p91n = meld.add %p91, %q91 : tensor<86x96xf32>
    %lerp_w_92 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %beta2_92 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %omb2_92 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %bc2_sqrt_92 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %eps_92 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %step_size_92 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %one92 = meld.constant dense<1.0> : tensor<270x128xf32>
    %half92 = meld.constant dense<0.5> : tensor<270x128xf32>
    %wabs92 = meld.abs %lerp_w_92 : tensor<270x128xf32>
    %small92 = meld.compare lt, %wabs92, %half92 : tensor<270x128xf32>
    %wm192 = meld.sub %lerp_w_92, %one92 : tensor<270x128xf32>
    %coef92 = meld.select %small92, %lerp_w_92, %wm192 : tensor<270x128xi1>, tensor<270x128xf32>
    %base92 = meld.select %small92, %m92, %g92 : tensor<270x128xi1>, tensor<270x128xf32>
    %gm92 = meld.sub %g92, %m92 : tensor<270x128xf32>
    %m92n = meld.fma %coef92, %gm92, %base92 : tensor<270x128xf32>
    %vb92 = meld.mul %v92, %beta2_92 : tensor<270x128xf32>
    %og92 = meld.mul %omb2_92, %g92 : tensor<270x128xf32>
    %v92n = meld.fma %og92, %g92, %vb92 : tensor<270x128xf32>
    %sq92 = meld.sqrt %v92n : tensor<270x128xf32>
    %sc92 = meld.div %sq92, %bc2_sqrt_92 : tensor<270x128xf32>
    %den92 = meld.add %sc92, %eps_92 : tensor<270x128xf32>
    %sm92 = meld.mul %step_size_92, %m92n : tensor<270x128xf32>
    %q92 = meld.div %sm92, %den92 : tensor<270x128xf32>
    %p92n = meld.add %p92, %q92 : tensor<270x128xf32>
    %lerp_w_93 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<11xf32>
    %beta2_93 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<11xf32>
    %omb2_93 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<11xf32>
    %bc2_sqrt_93 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<11xf32>
    %eps_93 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<11xf32>
    %step_size_93 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<11xf32>
    %one93 = meld.constant dense<1.0> : tensor<11xf32>
    %half93 = meld.constant dense<0.5> : tensor<11xf32>
    %wabs93 = meld.abs %lerp_w_93 : tensor<11xf32>
    %small93 = meld.compare lt, %wabs93, %half93 : tensor<11xf32>
    %wm193 = meld.sub %lerp_w_93, %one93 : tensor<11xf32>
    %coef93 = meld.select %small93, %lerp_w_93, %wm193 : tensor<11xi1>, tensor<11xf32>
    %base93 = meld.select %small93, %m93, %g93 : tensor<11xi1>, tensor<11xf32>
    %gm93 = meld.sub %g93, %m93 : tensor<11xf32>
    %m93n = meld.fma %coef93, %gm93, %base93 : tensor<11xf32>
    %vb93 = meld.mul %v93, %beta2_93 : tensor<11xf32>
    %og93 = meld.mul %omb2_93, %g93 : tensor<11xf32>
    %v93n = meld.fma %og93, %g93, %vb93 : tensor<11xf32>
    %sq93 = meld.sqrt %v93n : tensor<11xf32>
    %sc93 = meld.div %sq93, %bc2_sqrt_93 : tensor<11xf32>
    %den93 = meld.add %sc93, %eps_93 : tensor<11xf32>
    %sm93 = meld.mul %step_size_93, %m93n : tensor<11xf32>
    %q93 = meld.div %sm93, %den93 : tensor<11xf32>
    %p93n = meld.add %p93, %q93 : tensor<11xf32>
    %lerp_w_94 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %beta2_94 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %omb2_94 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %bc2_sqrt_94 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %eps_94 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %step_size_94 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %one94 = meld.constant dense<1.0> : tensor<1x96xf32>
    %half94 = meld.constant dense<0.5> : tensor<1x96xf32>
    %wabs94 = meld.abs %lerp_w_94 : tensor<1x96xf32>
    %small94 = meld.compare lt, %wabs94, %half94 : tensor<1x96xf32>
    %wm194 = meld.sub %lerp_w_94, %one94 : tensor<1x96xf32>
    %coef94 = meld.select %small94, %lerp_w_94, %wm194 : tensor<1x96xi1>, tensor<1x96xf32>
    %base94 = meld.select %small94, %m94, %g94 : tensor<1x96xi1>, tensor<1x96xf32>
    %gm94 = meld.sub %g94, %m94 : tensor<1x96xf32>
    %m94n = meld.fma %coef94, %gm94, %base94 : tensor<1x96xf32>
    %vb94 = meld.mul %v94, %beta2_94 : tensor<1x96xf32>
    %og94 = meld.mul %omb2_94, %g94 : tensor<1x96xf32>
    %v94n = meld.fma %og94, %g94, %vb94 : tensor<1x96xf32>
    %sq94 = meld.sqrt %v94n : tensor<1x96xf32>
    %sc94 = meld.div %sq94, %bc2_sqrt_94 : tensor<1x96xf32>
    %den94 = meld.add %sc94, %eps_94 : tensor<1x96xf32>
    %sm94 = meld.mul %step_size_94, %m94n : tensor<1x96xf32>
    %q94 = meld.div %sm94, %den94 : tensor<1x96xf32>
    %p94n = meld.add %p94, %q94 : tensor<1x96xf32>
    %lerp_w_95 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<118xf32>
    %beta2_95 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<118xf32>
    %omb2_95 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<118xf32>
    %bc2_sqrt_95 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<118xf32>
    %eps_95 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<118xf32>
    %step_size_95 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<118xf32>
    %one95 = meld.constant dense<1.0> : tensor<118xf32>
    %half95 = meld.constant dense<0.5> : tensor<118xf32>
    %wabs95 = meld.abs %lerp_w_95 : tensor<118xf32>
    %small95 = meld.compare lt, %wabs95, %half95 : tensor<118xf32>
    %wm195 = meld.sub %lerp_w_95, %one95 : tensor<118xf32>
    %coef95 = meld.select %small95, %lerp_w_95, %wm195 : tensor<118xi1>, tensor<118xf32>
    %base95 = meld.select %small95, %m95, %g95 : tensor<118xi1>, tensor<118xf32>
    %gm95 = meld.sub %g95, %m95 : tensor<118xf32>
    %m95n = meld.fma %coef95, %gm95, %base95 : tensor<118xf32>
    %vb95 = meld.mul %v95, %beta2_95 : tensor<118xf32>
    %og95 = meld.mul %omb2_95, %g95 : tensor<118xf32>
    %v95n = meld.fma %og95, %g95, %vb95 : tensor<118xf32>
    %sq95 = meld.sqrt %v95n : tensor<118xf32>
    %sc95 = meld.div %sq95, %bc2_sqrt_95 : tensor<118xf32>
    %den95 = meld.add %sc95, %eps_95 : tensor<118xf32>
    %sm95 = meld.mul %step_size_95, %m95n : tensor<118xf32>
    %q95 = meld.div %sm95, %den95 : tensor<118xf32>
    %p95n = meld.add %p95, %q95 : tensor<118xf32>
    %lerp_w_96 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %beta2_96 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %omb2_96 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %bc2_sqrt_96 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %eps_96 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %step_size_96 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %one96 = meld.constant dense<1.0> : tensor<13x96xf32>
    %half96 = meld.constant dense<0.5> : tensor<13x96xf32>
    %wabs96 = meld.abs %lerp_w_96 : tensor<13x96xf32>
    %small96 = meld.compare lt, %wabs96, %half96 : tensor<13x96xf32>
    %wm196 = meld.sub %lerp_w_96, %one96 : tensor<13x96xf32>
    %coef96 = meld.select %small96, %lerp_w_96, %wm196 : tensor<13x96xi1>, tensor<13x96xf32>
    %base96 = meld.select %small96, %m96, %g96 : tensor<13x96xi1>, tensor<13x96xf32>
    %gm96 = meld.sub %g96, %m96 : tensor<13x96xf32>
    %m96n = meld.fma %coef96, %gm96, %base96 : tensor<13x96xf32>
    %vb96 = meld.mul %v96, %beta2_96 : tensor<13x96xf32>
    %og96 = meld.mul %omb2_96, %g96 : tensor<13x96xf32>
    %v96n = meld.fma %og96, %g96, %vb96 : tensor<13x96xf32>
    %sq96 = meld.sqrt %v96n : tensor<13x96xf32>
    %sc96 = meld.div %sq96, %bc2_sqrt_96 : tensor<13x96xf32>
    %den96 = meld.add %sc96, %eps_96 : tensor<13x96xf32>
    %sm96 = meld.mul %step_size_96, %m96n : tensor<13x96xf32>
    %q96 = meld.div %sm96, %den96 : tensor<13x96xf32>
    %p96n = meld.add %p96, %q96 : tensor<13x96xf32>
    %lerp_w_97 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %beta2_97 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %omb2_97 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %bc2_sqrt_97 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %eps_97 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %step_size_97 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %one97 = meld.constant dense<1.0> : tensor<3717x16xf32>
    %half97 = meld.constant dense<0.5> : tensor<3717x16xf32>
    %wabs97 = meld.abs %lerp_w_97 : tensor<3717x16xf32>
    %small97 = meld.compare lt, %wabs97, %half97 : tensor<3717x16xf32>
    %wm197 = meld.sub %lerp_w_97, %one97 : tensor<3717x16xf32>
    %coef97 = meld.select %small97, %lerp_w_97, %wm197 : tensor<3717x16xi1>, tensor<3717x16xf32>
    %base97 = meld.select %small97, %m97, %g97 : tensor<3717x16xi1>, tensor<3717x16xf32>
    %gm97 = meld.sub %g97, %m97 : tensor<3717x16xf32>
    %m97n = meld.fma %coef97, %gm97, %base97 : tensor<3717x16xf32>
    %vb97 = meld.mul %v97, %beta2_97 : tensor<3717x16xf32>
    %og97 = meld.mul %omb2_97, %g97 : tensor<3717x16xf32>
    %v97n = meld.fma %og97, %g97, %vb97 : tensor<3717x16xf32>
    %sq97 = meld.sqrt %v97n : tensor<3717x16xf32>
    %sc97 = meld.div %sq97, %bc2_sqrt_97 : tensor<3717x16xf32>
    %den97 = meld.add %sc97, %eps_97 : tensor<3717x16xf32>
    %sm97 = meld.mul %step_size_97, %m97n : tensor<3717x16xf32>
    %q97 = meld.div %sm97, %den97 : tensor<3717x16xf32>
    %p97n = meld.add %p97, %q97 : tensor<3717x16xf32>
    %lerp_w_98 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<8xf32>
    %beta2_98 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<8xf32>
    %omb2_98 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<8xf32>
    %bc2_sqrt_98 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<8xf32>
    %eps_98 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<8xf32>
    %step_size_98 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<8xf32>
    %one98 = meld.constant dense<1.0> : tensor<8xf32>
    %half98 = meld.constant dense<0.5> : tensor<8xf32>
    %wabs98 = meld.abs %lerp_w_98 : tensor<8xf32>
    %small98 = meld.compare lt, %wabs98, %half98 : tensor<8xf32>
    %wm198 = meld.sub %lerp_w_98, %one98 : tensor<8xf32>
    %coef98 = meld.select %small98, %lerp_w_98, %wm198 : tensor<8xi1>, tensor<8xf32>
    %base98 = meld.select %small98, %m98, %g98 : tensor<8xi1>, tensor<8xf32>
    %gm98 = meld.sub %g98, %m98 : tensor<8xf32>
    %m98n = meld.fma %coef98, %gm98, %base98 : tensor<8xf32>
    %vb98 = meld.mul %v98, %beta2_98 : tensor<8xf32>
    %og98 = meld.mul %omb2_98, %g98 : tensor<8xf32>
    %v98n = meld.fma %og98, %g98, %vb98 : tensor<8xf32>
    %sq98 = meld.sqrt %v98n : tensor<8xf32>
    %sc98 = meld.div %sq98, %bc2_sqrt_98 : tensor<8xf32>
    %den98 = meld.add %sc98, %eps_98 : tensor<8xf32>
    %sm98 = meld.mul %step_size_98, %m98n : tensor<8xf32>
    %q98 = meld.div %sm98, %den98 : tensor<8xf32>
    %p98n = meld.add %p98, %q98 : tensor<8xf32>
    %lerp_w_99 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_99 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_99 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_99 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_99 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_99 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one99 = meld.constant dense<1.0> : tensor<2xf32>
    %half99 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs99 = meld.abs %lerp_w_99 : tensor<2xf32>
    %small99 = meld.compare lt, %wabs99, %half99 : tensor<2xf32>
    %wm199 = meld.sub %lerp_w_99, %one99 : tensor<2xf32>
    %coef99 = meld.select %small99, %lerp_w_99, %wm199 : tensor<2xi1>, tensor<2xf32>
    %base99 = meld.select %small99, %m99, %g99 : tensor<2xi1>, tensor<2xf32>
    %gm99 = meld.sub %g99, %m99 : tensor<2xf32>
    %m99n = meld.fma %coef99, %gm99, %base99 : tensor<2xf32>
    %vb99 = meld.mul %v99, %beta2_99 : tensor<2xf32>
    %og99 = meld.mul %omb2_99, %g99 : tensor<2xf32>
    %v99n = meld.fma %og99, %g99, %vb99 : tensor<2xf32>
    %sq99 = meld.sqrt %v99n : tensor<2xf32>
    %sc99 = meld.div %sq99, %bc2_sqrt_99 : tensor<2xf32>
    %den99 = meld.add %sc99, %eps_99 : tensor<2xf32>
    %sm99 = meld.mul %step_size_99, %m99n : tensor<2xf32>
    %q99 = meld.div %sm99, %den99 : tensor<2xf32>
    %p99n = meld.add %p99, %q99 : tensor<2xf32>
    %lerp_w_100 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %beta2_100 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %omb2_100 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %bc2_sqrt_100 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %eps_100 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %step_size_100 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %one100 = meld.constant dense<1.0> : tensor<72x96xf32>
    %half100 = meld.constant dense<0.5> : tensor<72x96xf32>
    %wabs100 = meld.abs %lerp_w_100 : tensor<72x96xf32>
    %small100 = meld.compare lt, %wabs100, %half100 : tensor<72x96xf32>
    %wm1100 = meld.sub %lerp_w_100, %one100 : tensor<72x96xf32>
    %coef100 = meld.select %small100, %lerp_w_100, %wm1100 : tensor<72x96xi1>, tensor<72x96xf32>
    %base100 = meld.select %small100, %m100, %g100 : tensor<72x96xi1>, tensor<72x96xf32>
    %gm100 = meld.sub %g100, %m100 : tensor<72x96xf32>
    %m100n = meld.fma %coef100, %gm100, %base100 : tensor<72x96xf32>
    %vb100 = meld.mul %v100, %beta2_100 : tensor<72x96xf32>
    %og100 = meld.mul %omb2_100, %g100 : tensor<72x96xf32>
    %v100n = meld.fma %og100, %g100, %vb100 : tensor<72x96xf32>
    %sq100 = meld.sqrt %v100n : tensor<72x96xf32>
    %sc100 = meld.div %sq100, %bc2_sqrt_100 : tensor<72x96xf32>
    %den100 = meld.add %sc100, %eps_100 : tensor<72x96xf32>
    %sm100 = meld.mul %step_size_100, %m100n : tensor<72x96xf32>
    %q100 = meld.div %sm100, %den100 : tensor<72x96xf32>
    %p100n = meld.add %p100, %q100 : tensor<72x96xf32>
    %lerp_w_101 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<94068xf32>
    %beta2_101 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<94068xf32>
    %omb2_101 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<94068xf32>
    %bc2_sqrt_101 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<94068xf32>
    %eps_101 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<94068xf32>
    %step_size_101 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<94068xf32>
    %one101 = meld.constant dense<1.0> : tensor<94068xf32>
    %half101 = meld.constant dense<0.5> : tensor<94068xf32>
    %wabs101 = meld.abs %lerp_w_101 : tensor<94068xf32>
    %small101 = meld.compare lt, %wabs101, %half101 : tensor<94068xf32>
    %wm1101 = meld.sub %lerp_w_101, %one101 : tensor<94068xf32>
    %coef101 = meld.select %small101, %lerp_w_101, %wm1101 : tensor<94068xi1>, tensor<94068xf32>
    %base101 = meld.select %small101, %m101, %g101 : tensor<94068xi1>, tensor<94068xf32>
    %gm101 = meld.sub %g101, %m101 : tensor<94068xf32>
    %m101n = meld.fma %coef101, %gm101, %base101 : tensor<94068xf32>
    %vb101 = meld.mul %v101, %beta2_101 : tensor<94068xf32>
    %og101 = meld.mul %omb2_101, %g101 : tensor<94068xf32>
    %v101n = meld.fma %og101, %g101, %vb101 : tensor<94068xf32>
    %sq101 = meld.sqrt %v101n : tensor<94068xf32>
    %sc101 = meld.div %sq101, %bc2_sqrt_101 : tensor<94068xf32>
    %den101 = meld.add %sc101, %eps_101 : tensor<94068xf32>
    %sm101 = meld.mul %step_size_101, %m101n : tensor<94068xf32>
    %q101 = meld.div %sm101, %den101 : tensor<94068xf32>
    %p101n = meld.add %p101, %q101 : tensor<94068xf32>
    %lerp_w_102 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_102 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_102 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_102 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_102 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_102 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one102 = meld.constant dense<1.0> : tensor<1xf32>
    %half102 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs102 = meld.abs %lerp_w_102 : tensor<1xf32>
    %small102 = meld.compare lt, %wabs102, %half102 : tensor<1xf32>
    %wm1102 = meld.sub %lerp_w_102, %one102 : tensor<1xf32>
    %coef102 = meld.select %small102, %lerp_w_102, %wm1102 : tensor<1xi1>, tensor<1xf32>
    %base102 = meld.select %small102, %m102, %g102 : tensor<1xi1>, tensor<1xf32>
    %gm102 = meld.sub %g102, %m102 : tensor<1xf32>
    %m102n = meld.fma %coef102, %gm102, %base102 : tensor<1xf32>
    %vb102 = meld.mul %v102, %beta2_102 : tensor<1xf32>
    %og102 = meld.mul %omb2_102, %g102 : tensor<1xf32>
    %v102n = meld.fma %og102, %g102, %vb102 : tensor<1xf32>
    %sq102 = meld.sqrt %v102n : tensor<1xf32>
    %sc102 = meld.div %sq102, %bc2_sqrt_102 : tensor<1xf32>
    %den102 = meld.add %sc102, %eps_102 : tensor<1xf32>
    %sm102 = meld.mul %step_size_102, %m102n : tensor<1xf32>
    %q102 = meld.div %sm102, %den102 : tensor<1xf32>
    %p102n = meld.add %p102, %q102 : tensor<1xf32>
    %lerp_w_103 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_103 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_103 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_103 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_103 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_103 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one103 = meld.constant dense<1.0> : tensor<1xf32>
    %half103 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs103 = meld.abs %lerp_w_103 : tensor<1xf32>
    %small103 = meld.compare lt, %wabs103, %half103 : tensor<1xf32>
    %wm1103 = meld.sub %lerp_w_103, %one103 : tensor<1xf32>
    %coef103 = meld.select %small103, %lerp_w_103, %wm1103 : tensor<1xi1>, tensor<1xf32>
    %base103 = meld.select %small103, %m103, %g103 : tensor<1xi1>, tensor<1xf32>
    %gm103 = meld.sub %g103, %m103 : tensor<1xf32>
    %m103n = meld.fma %coef103, %gm103, %base103 : tensor<1xf32>
    %vb103 = meld.mul %v103, %beta2_103 : tensor<1xf32>
    %og103 = meld.mul %omb2_103, %g103 : tensor<1xf32>
    %v103n = meld.fma %og103, %g103, %vb103 : tensor<1xf32>
    %sq103 = meld.sqrt %v103n : tensor<1xf32>
    %sc103 = meld.div %sq103, %bc2_sqrt_103 : tensor<1xf32>
    %den103 = meld.add %sc103, %eps_103 : tensor<1xf32>
    %sm103 = meld.mul %step_size_103, %m103n : tensor<1xf32>
    %q103 = meld.div %sm103, %den103 : tensor<1xf32>
    %p103n = meld.add %p103, %q103 : tensor<1xf32>
    %lerp_w_104 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<60xf32>
    %beta2_104 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<60xf32>
    %omb2_104 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<60xf32>
    %bc2_sqrt_104 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<60xf32>
    %eps_104 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<60xf32>
    %step_size_104 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<60xf32>
    %one104 = meld.constant dense<1.0> : tensor<60xf32>
    %half104 = meld.constant dense<0.5> : tensor<60xf32>
    %wabs104 = meld.abs %lerp_w_104 : tensor<60xf32>
    %small104 = meld.compare lt, %wabs104, %half104 : tensor<60xf32>
    %wm1104 = meld.sub %lerp_w_104, %one104 : tensor<60xf32>
    %coef104 = meld.select %small104, %lerp_w_104, %wm1104 : tensor<60xi1>, tensor<60xf32>
    %base104 = meld.select %small104, %m104, %g104 : tensor<60xi1>, tensor<60xf32>
    %gm104 = meld.sub %g104, %m104 : tensor<60xf32>
    %m104n = meld.fma %coef104, %gm104, %base104 : tensor<60xf32>
    %vb104 = meld.mul %v104, %beta2_104 : tensor<60xf32>
    %og104 = meld.mul %omb2_104, %g104 : tensor<60xf32>
    %v104n = meld.fma %og104, %g104, %vb104 : tensor<60xf32>
    %sq104 = meld.sqrt %v104n : tensor<60xf32>
    %sc104 = meld.div %sq104, %bc2_sqrt_104 : tensor<60xf32>
    %den104 = meld.add %sc104, %eps_104 : tensor<60xf32>
    %sm104 = meld.mul %step_size_104, %m104n : tensor<60xf32>
    %q104 = meld.div %sm104, %den104 : tensor<60xf32>
    %p104n = meld.add %p104, %q104 : tensor<60xf32>
    %lerp_w_105 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %beta2_105 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %omb2_105 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %bc2_sqrt_105 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %eps_105 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %step_size_105 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %one105 = meld.constant dense<1.0> : tensor<403x96xf32>
    %half105 = meld.constant dense<0.5> : tensor<403x96xf32>
    %wabs105 = meld.abs %lerp_w_105 : tensor<403x96xf32>
    %small105 = meld.compare lt, %wabs105, %half105 : tensor<403x96xf32>
    %wm1105 = meld.sub %lerp_w_105, %one105 : tensor<403x96xf32>
    %coef105 = meld.select %small105, %lerp_w_105, %wm1105 : tensor<403x96xi1>, tensor<403x96xf32>
    %base105 = meld.select %small105, %m105, %g105 : tensor<403x96xi1>, tensor<403x96xf32>
    %gm105 = meld.sub %g105, %m105 : tensor<403x96xf32>
    %m105n = meld.fma %coef105, %gm105, %base105 : tensor<403x96xf32>
    %vb105 = meld.mul %v105, %beta2_105 : tensor<403x96xf32>
    %og105 = meld.mul %omb2_105, %g105 : tensor<403x96xf32>
    %v105n = meld.fma %og105, %g105, %vb105 : tensor<403x96xf32>
    %sq105 = meld.sqrt %v105n : tensor<403x96xf32>
    %sc105 = meld.div %sq105, %bc2_sqrt_105 : tensor<403x96xf32>
    %den105 = meld.add %sc105, %eps_105 : tensor<403x96xf32>
    %sm105 = meld.mul %step_size_105, %m105n : tensor<403x96xf32>
    %q105 = meld.div %sm105, %den105 : tensor<403x96xf32>
    %p105n = meld.add %p105, %q105 : tensor<403x96xf32>
    %lerp_w_106 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<10xf32>
    %beta2_106 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<10xf32>
    %omb2_106 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<10xf32>
    %bc2_sqrt_106 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<10xf32>
    %eps_106 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10xf32>
    %step_size_106 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<10xf32>
    %one106 = meld.constant dense<1.0> : tensor<10xf32>
    %half106 = meld.constant dense<0.5> : tensor<10xf32>
    %wabs106 = meld.abs %lerp_w_106 : tensor<10xf32>
    %small106 = meld.compare lt, %wabs106, %half106 : tensor<10xf32>
    %wm1106 = meld.sub %lerp_w_106, %one106 : tensor<10xf32>
    %coef106 = meld.select %small106, %lerp_w_106, %wm1106 : tensor<10xi1>, tensor<10xf32>
    %base106 = meld.select %small106, %m106, %g106 : tensor<10xi1>, tensor<10xf32>
    %gm106 = meld.sub %g106, %m106 : tensor<10xf32>
    %m106n = meld.fma %coef106, %gm106, %base106 : tensor<10xf32>
    %vb106 = meld.mul %v106, %beta2_106 : tensor<10xf32>
    %og106 = meld.mul %omb2_106, %g106 : tensor<10xf32>
    %v106n = meld.fma %og106, %g106, %vb106 : tensor<10xf32>
    %sq106 = meld.sqrt %v106n : tensor<10xf32>
    %sc106 = meld.div %sq106, %bc2_sqrt_106 : tensor<10xf32>
    %den106 = meld.add %sc106, %eps_106 : tensor<10xf32>
    %sm106 = meld.mul %step_size_106, %m106n : tensor<10xf32>
    %q106 = meld.div %sm106, %den106 : tensor<10xf32>
    %p106n = meld.add %p106, %q106 : tensor<10xf32>
    %lerp_w_107 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<297814xf32>
    %beta2_107 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<297814xf32>
    %omb2_107 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<297814xf32>
    %bc2_sqrt_107 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<297814xf32>
    %eps_107 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<297814xf32>
    %step_size_107 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<297814xf32>
    %one107 = meld.constant dense<1.0> : tensor<297814xf32>
    %half107 = meld.constant dense<0.5> : tensor<297814xf32>
    %wabs107 = meld.abs %lerp_w_107 : tensor<297814xf32>
    %small107 = meld.compare lt, %wabs107, %half107 : tensor<297814xf32>
    %wm1107 = meld.sub %lerp_w_107, %one107 : tensor<297814xf32>
    %coef107 = meld.select %small107, %lerp_w_107, %wm1107 : tensor<297814xi1>, tensor<297814xf32>
    %base107 = meld.select %small107, %m107, %g107 : tensor<297814xi1>, tensor<297814xf32>
    %gm107 = meld.sub %g107, %m107 : tensor<297814xf32>
    %m107n = meld.fma %coef107, %gm107, %base107 : tensor<297814xf32>
    %vb107 = meld.mul %v107, %beta2_107 : tensor<297814xf32>
    %og107 = meld.mul %omb2_107, %g107 : tensor<297814xf32>
    %v107n = meld.fma %og107, %g107, %vb107 : tensor<297814xf32>
    %sq107 = meld.sqrt %v107n : tensor<297814xf32>
    %sc107 = meld.div %sq107, %bc2_sqrt_107 : tensor<297814xf32>
    %den107 = meld.add %sc107, %eps_107 : tensor<297814xf32>
    %sm107 = meld.mul %step_size_107, %m107n : tensor<297814xf32>
    %q107 = meld.div %sm107, %den107 : tensor<297814xf32>
    %p107n = meld.add %p107, %q107 : tensor<297814xf32>
    %lerp_w_108 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_108 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_108 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_108 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_108 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_108 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one108 = meld.constant dense<1.0> : tensor<2xf32>
    %half108 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs108 = meld.abs %lerp_w_108 : tensor<2xf32>
    %small108 = meld.compare lt, %wabs108, %half108 : tensor<2xf32>
    %wm1108 = meld.sub %lerp_w_108, %one108 : tensor<2xf32>
    %coef108 = meld.select %small108, %lerp_w_108, %wm1108 : tensor<2xi1>, tensor<2xf32>
    %base108 = meld.select %small108, %m108, %g108 : tensor<2xi1>, tensor<2xf32>
    %gm108 = meld.sub %g108, %m108 : tensor<2xf32>
    %m108n = meld.fma %coef108, %gm108, %base108 : tensor<2xf32>
    %vb108 = meld.mul %v108, %beta2_108 : tensor<2xf32>
    %og108 = meld.mul %omb2_108, %g108 : tensor<2xf32>
    %v108n = meld.fma %og108, %g108, %vb108 : tensor<2xf32>
    %sq108 = meld.sqrt %v108n : tensor<2xf32>
    %sc108 = meld.div %sq108, %bc2_sqrt_108 : tensor<2xf32>
    %den108 = meld.add %sc108, %eps_108 : tensor<2xf32>
    %sm108 = meld.mul %step_size_108, %m108n : tensor<2xf32>
    %q108 = meld.div %sm108, %den108 : tensor<2xf32>
    %p108n = meld.add %p108, %q108 : tensor<2xf32>
    %lerp_w_109 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<9417xf32>
    %beta2_109 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<9417xf32>
    %omb2_109 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<9417xf32>
    %bc2_sqrt_109 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<9417xf32>
    %eps_109 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<9417xf32>
    %step_size_109 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<9417xf32>
    %one109 = meld.constant dense<1.0> : tensor<9417xf32>
    %half109 = meld.constant dense<0.5> : tensor<9417xf32>
    %wabs109 = meld.abs %lerp_w_109 : tensor<9417xf32>
    %small109 = meld.compare lt, %wabs109, %half109 : tensor<9417xf32>
    %wm1109 = meld.sub %lerp_w_109, %one109 : tensor<9417xf32>
    %coef109 = meld.select %small109, %lerp_w_109, %wm1109 : tensor<9417xi1>, tensor<9417xf32>
    %base109 = meld.select %small109, %m109, %g109 : tensor<9417xi1>, tensor<9417xf32>
    %gm109 = meld.sub %g109, %m109 : tensor<9417xf32>
    %m109n = meld.fma %coef109, %gm109, %base109 : tensor<9417xf32>
    %vb109 = meld.mul %v109, %beta2_109 : tensor<9417xf32>
    %og109 = meld.mul %omb2_109, %g109 : tensor<9417xf32>
    %v109n = meld.fma %og109, %g109, %vb109 : tensor<9417xf32>
    %sq109 = meld.sqrt %v109n : tensor<9417xf32>
    %sc109 = meld.div %sq109, %bc2_sqrt_109 : tensor<9417xf32>
    %den109 = meld.add %sc109, %eps_109 : tensor<9417xf32>
    %sm109 = meld.mul %step_size_109, %m109n : tensor<9417xf32>
    %q109 = meld.div %sm109, %den109 : tensor<9417xf32>
    %p109n = meld.add %p109, %q109 : tensor<9417xf32>
    %lerp_w_110 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<158xf32>
    %beta2_110 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<158xf32>
    %omb2_110 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<158xf32>
    %bc2_sqrt_110 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<158xf32>
    %eps_110 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<158xf32>
    %step_size_110 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<158xf32>
    %one110 = meld.constant dense<1.0> : tensor<158xf32>
    %half110 = meld.constant dense<0.5> : tensor<158xf32>
    %wabs110 = meld.abs %lerp_w_110 : tensor<158xf32>
    %small110 = meld.compare lt, %wabs110, %half110 : tensor<158xf32>
    %wm1110 = meld.sub %lerp_w_110, %one110 : tensor<158xf32>
    %coef110 = meld.select %small110, %lerp_w_110, %wm1110 : tensor<158xi1>, tensor<158xf32>
    %base110 = meld.select %small110, %m110, %g110 : tensor<158xi1>, tensor<158xf32>
    %gm110 = meld.sub %g110, %m110 : tensor<158xf32>
    %m110n = meld.fma %coef110, %gm110, %base110 : tensor<158xf32>
    %vb110 = meld.mul %v110, %beta2_110 : tensor<158xf32>
    %og110 = meld.mul %omb2_110, %g110 : tensor<158xf32>
    %v110n = meld.fma %og110, %g110, %vb110 : tensor<158xf32>
    %sq110 = meld.sqrt %v110n : tensor<158xf32>
    %sc110 = meld.div %sq110, %bc2_sqrt_110 : tensor<158xf32>
    %den110 = meld.add %sc110, %eps_110 : tensor<158xf32>
    %sm110 = meld.mul %step_size_110, %m110n : tensor<158xf32>
    %q110 = meld.div %sm110, %den110 : tensor<158xf32>
    %p110n = meld.add %p110, %q110 : tensor<158xf32>
    %lerp_w_111 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<53xf32>
    %beta2_111 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<53xf32>
    %omb2_111 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<53xf32>
    %bc2_sqrt_111 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<53xf32>
    %eps_111 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<53xf32>
    %step_size_111 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<53xf32>
    %one111 = meld.constant dense<1.0> : tensor<53xf32>
    %half111 = meld.constant dense<0.5> : tensor<53xf32>
    %wabs111 = meld.abs %lerp_w_111 : tensor<53xf32>
    %small111 = meld.compare lt, %wabs111, %half111 : tensor<53xf32>
    %wm1111 = meld.sub %lerp_w_111, %one111 : tensor<53xf32>
    %coef111 = meld.select %small111, %lerp_w_111, %wm1111 : tensor<53xi1>, tensor<53xf32>
    %base111 = meld.select %small111, %m111, %g111 : tensor<53xi1>, tensor<53xf32>
    %gm111 = meld.sub %g111, %m111 : tensor<53xf32>
    %m111n = meld.fma %coef111, %gm111, %base111 : tensor<53xf32>
    %vb111 = meld.mul %v111, %beta2_111 : tensor<53xf32>
    %og111 = meld.mul %omb2_111, %g111 : tensor<53xf32>
    %v111n = meld.fma %og111, %g111, %vb111 : tensor<53xf32>
    %sq111 = meld.sqrt %v111n : tensor<53xf32>
    %sc111 = meld.div %sq111, %bc2_sqrt_111 : tensor<53xf32>
    %den111 = meld.add %sc111, %eps_111 : tensor<53xf32>
    %sm111 = meld.mul %step_size_111, %m111n : tensor<53xf32>
    %q111 = meld.div %sm111, %den111 : tensor<53xf32>
    %p111n = meld.add %p111, %q111 : tensor<53xf32>
    %lerp_w_112 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<14xf32>
    %beta2_112 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<14xf32>
    %omb2_112 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<14xf32>
    %bc2_sqrt_112 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<14xf32>
    %eps_112 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<14xf32>
    %step_size_112 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<14xf32>
    %one112 = meld.constant dense<1.0> : tensor<14xf32>
    %half112 = meld.constant dense<0.5> : tensor<14xf32>
    %wabs112 = meld.abs %lerp_w_112 : tensor<14xf32>
    %small112 = meld.compare lt, %wabs112, %half112 : tensor<14xf32>
    %wm1112 = meld.sub %lerp_w_112, %one112 : tensor<14xf32>
    %coef112 = meld.select %small112, %lerp_w_112, %wm1112 : tensor<14xi1>, tensor<14xf32>
    %base112 = meld.select %small112, %m112, %g112 : tensor<14xi1>, tensor<14xf32>
    %gm112 = meld.sub %g112, %m112 : tensor<14xf32>
    %m112n = meld.fma %coef112, %gm112, %base112 : tensor<14xf32>
    %vb112 = meld.mul %v112, %beta2_112 : tensor<14xf32>
    %og112 = meld.mul %omb2_112, %g112 : tensor<14xf32>
    %v112n = meld.fma %og112, %g112, %vb112 : tensor<14xf32>
    %sq112 = meld.sqrt %v112n : tensor<14xf32>
    %sc112 = meld.div %sq112, %bc2_sqrt_112 : tensor<14xf32>
    %den112 = meld.add %sc112, %eps_112 : tensor<14xf32>
    %sm112 = meld.mul %step_size_112, %m112n : tensor<14xf32>
    %q112 = meld.div %sm112, %den112 : tensor<14xf32>
    %p112n = meld.add %p112, %q112 : tensor<14xf32>
    %lerp_w_113 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %beta2_113 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %omb2_113 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %bc2_sqrt_113 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %eps_113 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %step_size_113 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %one113 = meld.constant dense<1.0> : tensor<66x128xf32>
    %half113 = meld.constant dense<0.5> : tensor<66x128xf32>
    %wabs113 = meld.abs %lerp_w_113 : tensor<66x128xf32>
    %small113 = meld.compare lt, %wabs113, %half113 : tensor<66x128xf32>
    %wm1113 = meld.sub %lerp_w_113, %one113 : tensor<66x128xf32>
    %coef113 = meld.select %small113, %lerp_w_113, %wm1113 : tensor<66x128xi1>, tensor<66x128xf32>
    %base113 = meld.select %small113, %m113, %g113 : tensor<66x128xi1>, tensor<66x128xf32>
    %gm113 = meld.sub %g113, %m113 : tensor<66x128xf32>
    %m113n = meld.fma %coef113, %gm113, %base113 : tensor<66x128xf32>
    %vb113 = meld.mul %v113, %beta2_113 : tensor<66x128xf32>
    %og113 = meld.mul %omb2_113, %g113 : tensor<66x128xf32>
    %v113n = meld.fma %og113, %g113, %vb113 : tensor<66x128xf32>
    %sq113 = meld.sqrt %v113n : tensor<66x128xf32>
    %sc113 = meld.div %sq113, %bc2_sqrt_113 : tensor<66x128xf32>
    %den113 = meld.add %sc113, %eps_113 : tensor<66x128xf32>
    %sm113 = meld.mul %step_size_113, %m113n : tensor<66x128xf32>
    %q113 = meld.div %sm113, %den113 : tensor<66x128xf32>
    %p113n = meld.add %p113, %q113 : tensor<66x128xf32>
    %lerp_w_114 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %beta2_114 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %omb2_114 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %bc2_sqrt_114 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %eps_114 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %step_size_114 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %one114 = meld.constant dense<1.0> : tensor<17x128xf32>
    %half114 = meld.constant dense<0.5> : tensor<17x128xf32>
    %wabs114 = meld.abs %lerp_w_114 : tensor<17x128xf32>
    %small114 = meld.compare lt, %wabs114, %half114 : tensor<17x128xf32>
    %wm1114 = meld.sub %lerp_w_114, %one114 : tensor<17x128xf32>
    %coef114 = meld.select %small114, %lerp_w_114, %wm1114 : tensor<17x128xi1>, tensor<17x128xf32>
    %base114 = meld.select %small114, %m114, %g114 : tensor<17x128xi1>, tensor<17x128xf32>
    %gm114 = meld.sub %g114, %m114 : tensor<17x128xf32>
    %m114n = meld.fma %coef114, %gm114, %base114 : tensor<17x128xf32>
    %vb114 = meld.mul %v114, %beta2_114 : tensor<17x128xf32>
    %og114 = meld.mul %omb2_114, %g114 : tensor<17x128xf32>
    %v114n = meld.fma %og114, %g114, %vb114 : tensor<17x128xf32>
    %sq114 = meld.sqrt %v114n : tensor<17x128xf32>
    %sc114 = meld.div %sq114, %bc2_sqrt_114 : tensor<17x128xf32>
    %den114 = meld.add %sc114, %eps_114 : tensor<17x128xf32>
    %sm114 = meld.mul %step_size_114, %m114n : tensor<17x128xf32>
    %q114 = meld.div %sm114, %den114 : tensor<17x128xf32>
    %p114n = meld.add %p114, %q114 : tensor<17x128xf32>
    %lerp_w_115 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3598xf32>
    %beta2_115 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3598xf32>
    %omb2_115 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3598xf32>
    %bc2_sqrt_115 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3598xf32>
    %eps_115 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3598xf32>
    %step_size_115 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3598xf32>
    %one115 = meld.constant dense<1.0> : tensor<3598xf32>
    %half115 = meld.constant dense<0.5> : tensor<3598xf32>
    %wabs115 = meld.abs %lerp_w_115 : tensor<3598xf32>
    %small115 = meld.compare lt, %wabs115, %half115 : tensor<3598xf32>
    %wm1115 = meld.sub %lerp_w_115, %one115 : tensor<3598xf32>
    %coef115 = meld.select %small115, %lerp_w_115, %wm1115 : tensor<3598xi1>, tensor<3598xf32>
    %base115 = meld.select %small115, %m115, %g115 : tensor<3598xi1>, tensor<3598xf32>
    %gm115 = meld.sub %g115, %m115 : tensor<3598xf32>
    %m115n = meld.fma %coef115, %gm115, %base115 : tensor<3598xf32>
    %vb115 = meld.mul %v115, %beta2_115 : tensor<3598xf32>
    %og115 = meld.mul %omb2_115, %g115 : tensor<3598xf32>
    %v115n = meld.fma %og115, %g115, %vb115 : tensor<3598xf32>
    %sq115 = meld.sqrt %v115n : tensor<3598xf32>
    %sc115 = meld.div %sq115, %bc2_sqrt_115 : tensor<3598xf32>
    %den115 = meld.add %sc115, %eps_115 : tensor<3598xf32>
    %sm115 = meld.mul %step_size_115, %m115n : tensor<3598xf32>
    %q115 = meld.div %sm115, %den115 : tensor<3598xf32>
    %p115n = meld.add %p115, %q115 : tensor<3598xf32>
    %lerp_w_116 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<34xf32>
    %beta2_116 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<34xf32>
    %omb2_116 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<34xf32>
    %bc2_sqrt_116 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<34xf32>
    %eps_116 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<34xf32>
    %step_size_116 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<34xf32>
    %one116 = meld.constant dense<1.0> : tensor<34xf32>
    %half116 = meld.constant dense<0.5> : tensor<34xf32>
    %wabs116 = meld.abs %lerp_w_116 : tensor<34xf32>
    %small116 = meld.compare lt, %wabs116, %half116 : tensor<34xf32>
    %wm1116 = meld.sub %lerp_w_116, %one116 : tensor<34xf32>
    %coef116 = meld.select %small116, %lerp_w_116, %wm1116 : tensor<34xi1>, tensor<34xf32>
    %base116 = meld.select %small116, %m116, %g116 : tensor<34xi1>, tensor<34xf32>
    %gm116 = meld.sub %g116, %m116 : tensor<34xf32>
    %m116n = meld.fma %coef116, %gm116, %base116 : tensor<34xf32>
    %vb116 = meld.mul %v116, %beta2_116 : tensor<34xf32>
    %og116 = meld.mul %omb2_116, %g116 : tensor<34xf32>
    %v116n = meld.fma %og116, %g116, %vb116 : tensor<34xf32>
    %sq116 = meld.sqrt %v116n : tensor<34xf32>
    %sc116 = meld.div %sq116, %bc2_sqrt_116 : tensor<34xf32>
    %den116 = meld.add %sc116, %eps_116 : tensor<34xf32>
    %sm116 = meld.mul %step_size_116, %m116n : tensor<34xf32>
    %q116 = meld.div %sm116, %den116 : tensor<34xf32>
    %p116n = meld.add %p116, %q116 : tensor<34xf32>
    %lerp_w_117 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %beta2_117 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %omb2_117 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %bc2_sqrt_117 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %eps_117 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %step_size_117 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %one117 = meld.constant dense<1.0> : tensor<2383x96xf32>
    %half117 = meld.constant dense<0.5> : tensor<2383x96xf32>
    %wabs117 = meld.abs %lerp_w_117 : tensor<2383x96xf32>
    %small117 = meld.compare lt, %wabs117, %half117 : tensor<2383x96xf32>
    %wm1117 = meld.sub %lerp_w_117, %one117 : tensor<2383x96xf32>
    %coef117 = meld.select %small117, %lerp_w_117, %wm1117 : tensor<2383x96xi1>, tensor<2383x96xf32>
    %base117 = meld.select %small117, %m117, %g117 : tensor<2383x96xi1>, tensor<2383x96xf32>
    %gm117 = meld.sub %g117, %m117 : tensor<2383x96xf32>
    %m117n = meld.fma %coef117, %gm117, %base117 : tensor<2383x96xf32>
    %vb117 = meld.mul %v117, %beta2_117 : tensor<2383x96xf32>
    %og117 = meld.mul %omb2_117, %g117 : tensor<2383x96xf32>
    %v117n = meld.fma %og117, %g117, %vb117 : tensor<2383x96xf32>
    %sq117 = meld.sqrt %v117n : tensor<2383x96xf32>
    %sc117 = meld.div %sq117, %bc2_sqrt_117 : tensor<2383x96xf32>
    %den117 = meld.add %sc117, %eps_117 : tensor<2383x96xf32>
    %sm117 = meld.mul %step_size_117, %m117n : tensor<2383x96xf32>
    %q117 = meld.div %sm117, %den117 : tensor<2383x96xf32>
    %p117n = meld.add %p117, %q117 : tensor<2383x96xf32>
    %lerp_w_118 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %beta2_118 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %omb2_118 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %bc2_sqrt_118 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %eps_118 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %step_size_118 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %one118 = meld.constant dense<1.0> : tensor<28x96xf32>
    %half118 = meld.constant dense<0.5> : tensor<28x96xf32>
    %wabs118 = meld.abs %lerp_w_118 : tensor<28x96xf32>
    %small118 = meld.compare lt, %wabs118, %half118 : tensor<28x96xf32>
    %wm1118 = meld.sub %lerp_w_118, %one118 : tensor<28x96xf32>
    %coef118 = meld.select %small118, %lerp_w_118, %wm1118 : tensor<28x96xi1>, tensor<28x96xf32>
    %base118 = meld.select %small118, %m118, %g118 : tensor<28x96xi1>, tensor<28x96xf32>
    %gm118 = meld.sub %g118, %m118 : tensor<28x96xf32>
    %m118n = meld.fma %coef118, %gm118, %base118 : tensor<28x96xf32>
    %vb118 = meld.mul %v118, %beta2_118 : tensor<28x96xf32>
    %og118 = meld.mul %omb2_118, %g118 : tensor<28x96xf32>
    %v118n = meld.fma %og118, %g118, %vb118 : tensor<28x96xf32>
    %sq118 = meld.sqrt %v118n : tensor<28x96xf32>
    %sc118 = meld.div %sq118, %bc2_sqrt_118 : tensor<28x96xf32>
    %den118 = meld.add %sc118, %eps_118 : tensor<28x96xf32>
    %sm118 = meld.mul %step_size_118, %m118n : tensor<28x96xf32>
    %q118 = meld.div %sm118, %den118 : tensor<28x96xf32>
    %p118n = meld.add %p118, %q118 : tensor<28x96xf32>
    %lerp_w_119 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %beta2_119 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %omb2_119 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %bc2_sqrt_119 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %eps_119 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %step_size_119 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %one119 = meld.constant dense<1.0> : tensor<375x64xf32>
    %half119 = meld.constant dense<0.5> : tensor<375x64xf32>
    %wabs119 = meld.abs %lerp_w_119 : tensor<375x64xf32>
    %small119 = meld.compare lt, %wabs119, %half119 : tensor<375x64xf32>
    %wm1119 = meld.sub %lerp_w_119, %one119 : tensor<375x64xf32>
    %coef119 = meld.select %small119, %lerp_w_119, %wm1119 : tensor<375x64xi1>, tensor<375x64xf32>
    %base119 = meld.select %small119, %m119, %g119 : tensor<375x64xi1>, tensor<375x64xf32>
    %gm119 = meld.sub %g119, %m119 : tensor<375x64xf32>
    %m119n = meld.fma %coef119, %gm119, %base119 : tensor<375x64xf32>
    %vb119 = meld.mul %v119, %beta2_119 : tensor<375x64xf32>
    %og119 = meld.mul %omb2_119, %g119 : tensor<375x64xf32>
    %v119n = meld.fma %og119, %g119, %vb119 : tensor<375x64xf32>
    %sq119 = meld.sqrt %v119n : tensor<375x64xf32>
    %sc119 = meld.div %sq119, %bc2_sqrt_119 : tensor<375x64xf32>
    %den119 = meld.add %sc119, %eps_119 : tensor<375x64xf32>
    %sm119 = meld.mul %step_size_119, %m119n : tensor<375x64xf32>
    %q119 = meld.div %sm119, %den119 : tensor<375x64xf32>
    %p119n = meld.add %p119, %q119 : tensor<375x64xf32>
    %lerp_w_120 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5xf32>
    %beta2_120 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5xf32>
    %omb2_120 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5xf32>
    %bc2_sqrt_120 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_120 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %step_size_120 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5xf32>
    %one120 = meld.constant dense<1.0> : tensor<5xf32>
    %half120 = meld.constant dense<0.5> : tensor<5xf32>
    %wabs120 = meld.abs %lerp_w_120 : tensor<5xf32>
    %small120 = meld.compare lt, %wabs120, %half120 : tensor<5xf32>
    %wm1120 = meld.sub %lerp_w_120, %one120 : tensor<5xf32>
    %coef120 = meld.select %small120, %lerp_w_120, %wm1120 : tensor<5xi1>, tensor<5xf32>
    %base120 = meld.select %small120, %m120, %g120 : tensor<5xi1>, tensor<5xf32>
    %gm120 = meld.sub %g120, %m120 : tensor<5xf32>
    %m120n = meld.fma %coef120, %gm120, %base120 : tensor<5xf32>
    %vb120 = meld.mul %v120, %beta2_120 : tensor<5xf32>
    %og120 = meld.mul %omb2_120, %g120 : tensor<5xf32>
    %v120n = meld.fma %og120, %g120, %vb120 : tensor<5xf32>
    %sq120 = meld.sqrt %v120n : tensor<5xf32>
    %sc120 = meld.div %sq120, %bc2_sqrt_120 : tensor<5xf32>
    %den120 = meld.add %sc120, %eps_120 : tensor<5xf32>
    %sm120 = meld.mul %step_size_120, %m120n : tensor<5xf32>
    %q120 = meld.div %sm120, %den120 : tensor<5xf32>
    %p120n = meld.add %p120, %q120 : tensor<5xf32>
    %lerp_w_121 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<712xf32>
    %beta2_121 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<712xf32>
    %omb2_121 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<712xf32>
    %bc2_sqrt_121 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<712xf32>
    %eps_121 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<712xf32>
    %step_size_121 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<712xf32>
    %one121 = meld.constant dense<1.0> : tensor<712xf32>
    %half121 = meld.constant dense<0.5> : tensor<712xf32>
    %wabs121 = meld.abs %lerp_w_121 : tensor<712xf32>
    %small121 = meld.compare lt, %wabs121, %half121 : tensor<712xf32>
    %wm1121 = meld.sub %lerp_w_121, %one121 : tensor<712xf32>
    %coef121 = meld.select %small121, %lerp_w_121, %wm1121 : tensor<712xi1>, tensor<712xf32>
    %base121 = meld.select %small121, %m121, %g121 : tensor<712xi1>, tensor<712xf32>
    %gm121 = meld.sub %g121, %m121 : tensor<712xf32>
    %m121n = meld.fma %coef121, %gm121, %base121 : tensor<712xf32>
    %vb121 = meld.mul %v121, %beta2_121 : tensor<712xf32>
    %og121 = meld.mul %omb2_121, %g121 : tensor<712xf32>
    %v121n = meld.fma %og121, %g121, %vb121 : tensor<712xf32>
    %sq121 = meld.sqrt %v121n : tensor<712xf32>
    %sc121 = meld.div %sq121, %bc2_sqrt_121 : tensor<712xf32>
    %den121 = meld.add %sc121, %eps_121 : tensor<712xf32>
    %sm121 = meld.mul %step_size_121, %m121n : tensor<712xf32>
    %q121 = meld.div %sm121, %den121 : tensor<712xf32>
    %p121n = meld.add %p121, %q121 : tensor<712xf32>
    %lerp_w_122 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<79xf32>
    %beta2_122 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<79xf32>
    %omb2_122 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<79xf32>
    %bc2_sqrt_122 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<79xf32>
    %eps_122 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<79xf32>
    %step_size_122 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<79xf32>
    %one122 = meld.constant dense<1.0> : tensor<79xf32>
    %half122 = meld.constant dense<0.5> : tensor<79xf32>
    %wabs122 = meld.abs %lerp_w_122 : tensor<79xf32>
    %small122 = meld.compare lt, %wabs122, %half122 : tensor<79xf32>
    %wm1122 = meld.sub %lerp_w_122, %one122 : tensor<79xf32>
    %coef122 = meld.select %small122, %lerp_w_122, %wm1122 : tensor<79xi1>, tensor<79xf32>
    %base122 = meld.select %small122, %m122, %g122 : tensor<79xi1>, tensor<79xf32>
    %gm122 = meld.sub %g122, %m122 : tensor<79xf32>
    %m122n = meld.fma %coef122, %gm122, %base122 : tensor<79xf32>
    %vb122 = meld.mul %v122, %beta2_122 : tensor<79xf32>
    %og122 = meld.mul %omb2_122, %g122 : tensor<79xf32>
    %v122n = meld.fma %og122, %g122, %vb122 : tensor<79xf32>
    %sq122 = meld.sqrt %v122n : tensor<79xf32>
    %sc122 = meld.div %sq122, %bc2_sqrt_122 : tensor<79xf32>
    %den122 = meld.add %sc122, %eps_122 : tensor<79xf32>
    %sm122 = meld.mul %step_size_122, %m122n : tensor<79xf32>
    %q122 = meld.div %sm122, %den122 : tensor<79xf32>
    %p122n = meld.add %p122, %q122 : tensor<79xf32>
    %lerp_w_123 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<33xf32>
    %beta2_123 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<33xf32>
    %omb2_123 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<33xf32>
    %bc2_sqrt_123 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<33xf32>
    %eps_123 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<33xf32>
    %step_size_123 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<33xf32>
    %one123 = meld.constant dense<1.0> : tensor<33xf32>
    %half123 = meld.constant dense<0.5> : tensor<33xf32>
    %wabs123 = meld.abs %lerp_w_123 : tensor<33xf32>
    %small123 = meld.compare lt, %wabs123, %half123 : tensor<33xf32>
    %wm1123 = meld.sub %lerp_w_123, %one123 : tensor<33xf32>
    %coef123 = meld.select %small123, %lerp_w_123, %wm1123 : tensor<33xi1>, tensor<33xf32>
    %base123 = meld.select %small123, %m123, %g123 : tensor<33xi1>, tensor<33xf32>
    %gm123 = meld.sub %g123, %m123 : tensor<33xf32>
    %m123n = meld.fma %coef123, %gm123, %base123 : tensor<33xf32>
    %vb123 = meld.mul %v123, %beta2_123 : tensor<33xf32>
    %og123 = meld.mul %omb2_123, %g123 : tensor<33xf32>
    %v123n = meld.fma %og123, %g123, %vb123 : tensor<33xf32>
    %sq123 = meld.sqrt %v123n : tensor<33xf32>
    %sc123 = meld.div %sq123, %bc2_sqrt_123 : tensor<33xf32>
    %den123 = meld.add %sc123, %eps_123 : tensor<33xf32>
    %sm123 = meld.mul %step_size_123, %m123n : tensor<33xf32>
    %q123 = meld.div %sm123, %den123 : tensor<33xf32>
    %p123n = meld.add %p123, %q123 : tensor<33xf32>
    %lerp_w_124 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_124 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_124 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_124 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_124 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_124 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one124 = meld.constant dense<1.0> : tensor<1xf32>
    %half124 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs124 = meld.abs %lerp_w_124 : tensor<1xf32>
    %small124 = meld.compare lt, %wabs124, %half124 : tensor<1xf32>
    %wm1124 = meld.sub %lerp_w_124, %one124 : tensor<1xf32>
    %coef124 = meld.select %small124, %lerp_w_124, %wm1124 : tensor<1xi1>, tensor<1xf32>
    %base124 = meld.select %small124, %m124, %g124 : tensor<1xi1>, tensor<1xf32>
    %gm124 = meld.sub %g124, %m124 : tensor<1xf32>
    %m124n = meld.fma %coef124, %gm124, %base124 : tensor<1xf32>
    %vb124 = meld.mul %v124, %beta2_124 : tensor<1xf32>
    %og124 = meld.mul %omb2_124, %g124 : tensor<1xf32>
    %v124n = meld.fma %og124, %g124, %vb124 : tensor<1xf32>
    %sq124 = meld.sqrt %v124n : tensor<1xf32>
    %sc124 = meld.div %sq124, %bc2_sqrt_124 : tensor<1xf32>
    %den124 = meld.add %sc124, %eps_124 : tensor<1xf32>
    %sm124 = meld.mul %step_size_124, %m124n : tensor<1xf32>
    %q124 = meld.div %sm124, %den124 : tensor<1xf32>
    %p124n = meld.add %p124, %q124 : tensor<1xf32>
    %lerp_w_125 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_125 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_125 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_125 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_125 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_125 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one125 = meld.constant dense<1.0> : tensor<1xf32>
    %half125 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs125 = meld.abs %lerp_w_125 : tensor<1xf32>
    %small125 = meld.compare lt, %wabs125, %half125 : tensor<1xf32>
    %wm1125 = meld.sub %lerp_w_125, %one125 : tensor<1xf32>
    %coef125 = meld.select %small125, %lerp_w_125, %wm1125 : tensor<1xi1>, tensor<1xf32>
    %base125 = meld.select %small125, %m125, %g125 : tensor<1xi1>, tensor<1xf32>
    %gm125 = meld.sub %g125, %m125 : tensor<1xf32>
    %m125n = meld.fma %coef125, %gm125, %base125 : tensor<1xf32>
    %vb125 = meld.mul %v125, %beta2_125 : tensor<1xf32>
    %og125 = meld.mul %omb2_125, %g125 : tensor<1xf32>
    %v125n = meld.fma %og125, %g125, %vb125 : tensor<1xf32>
    %sq125 = meld.sqrt %v125n : tensor<1xf32>
    %sc125 = meld.div %sq125, %bc2_sqrt_125 : tensor<1xf32>
    %den125 = meld.add %sc125, %eps_125 : tensor<1xf32>
    %sm125 = meld.mul %step_size_125, %m125n : tensor<1xf32>
    %q125 = meld.div %sm125, %den125 : tensor<1xf32>
    %p125n = meld.add %p125, %q125 : tensor<1xf32>
    %lerp_w_126 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %beta2_126 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %omb2_126 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %bc2_sqrt_126 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %eps_126 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %step_size_126 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %one126 = meld.constant dense<1.0> : tensor<83x64xf32>
    %half126 = meld.constant dense<0.5> : tensor<83x64xf32>
    %wabs126 = meld.abs %lerp_w_126 : tensor<83x64xf32>
    %small126 = meld.compare lt, %wabs126, %half126 : tensor<83x64xf32>
    %wm1126 = meld.sub %lerp_w_126, %one126 : tensor<83x64xf32>
    %coef126 = meld.select %small126, %lerp_w_126, %wm1126 : tensor<83x64xi1>, tensor<83x64xf32>
    %base126 = meld.select %small126, %m126, %g126 : tensor<83x64xi1>, tensor<83x64xf32>
    %gm126 = meld.sub %g126, %m126 : tensor<83x64xf32>
    %m126n = meld.fma %coef126, %gm126, %base126 : tensor<83x64xf32>
    %vb126 = meld.mul %v126, %beta2_126 : tensor<83x64xf32>
    %og126 = meld.mul %omb2_126, %g126 : tensor<83x64xf32>
    %v126n = meld.fma %og126, %g126, %vb126 : tensor<83x64xf32>
    %sq126 = meld.sqrt %v126n : tensor<83x64xf32>
    %sc126 = meld.div %sq126, %bc2_sqrt_126 : tensor<83x64xf32>
    %den126 = meld.add %sc126, %eps_126 : tensor<83x64xf32>
    %sm126 = meld.mul %step_size_126, %m126n : tensor<83x64xf32>
    %q126 = meld.div %sm126, %den126 : tensor<83x64xf32>
    %p126n = meld.add %p126, %q126 : tensor<83x64xf32>
    %lerp_w_127 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<138020xf32>
    %beta2_127 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<138020xf32>
    %omb2_127 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<138020xf32>
    %bc2_sqrt_127 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<138020xf32>
    %eps_127 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<138020xf32>
    %step_size_127 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<138020xf32>
    %one127 = meld.constant dense<1.0> : tensor<138020xf32>
    %half127 = meld.constant dense<0.5> : tensor<138020xf32>
    %wabs127 = meld.abs %lerp_w_127 : tensor<138020xf32>
    %small127 = meld.compare lt, %wabs127, %half127 : tensor<138020xf32>
    %wm1127 = meld.sub %lerp_w_127, %one127 : tensor<138020xf32>
    %coef127 = meld.select %small127, %lerp_w_127, %wm1127 : tensor<138020xi1>, tensor<138020xf32>
    %base127 = meld.select %small127, %m127, %g127 : tensor<138020xi1>, tensor<138020xf32>
    %gm127 = meld.sub %g127, %m127 : tensor<138020xf32>
    %m127n = meld.fma %coef127, %gm127, %base127 : tensor<138020xf32>
    %vb127 = meld.mul %v127, %beta2_127 : tensor<138020xf32>
    %og127 = meld.mul %omb2_127, %g127 : tensor<138020xf32>
    %v127n = meld.fma %og127, %g127, %vb127 : tensor<138020xf32>
    %sq127 = meld.sqrt %v127n : tensor<138020xf32>
    %sc127 = meld.div %sq127, %bc2_sqrt_127 : tensor<138020xf32>
    %den127 = meld.add %sc127, %eps_127 : tensor<138020xf32>
    %sm127 = meld.mul %step_size_127, %m127n : tensor<138020xf32>
    %q127 = meld.div %sm127, %den127 : tensor<138020xf32>
    %p127n = meld.add %p127, %q127 : tensor<138020xf32>
    %lerp_w_128 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_128 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_128 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_128 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_128 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_128 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one128 = meld.constant dense<1.0> : tensor<1xf32>
    %half128 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs128 = meld.abs %lerp_w_128 : tensor<1xf32>
    %small128 = meld.compare lt, %wabs128, %half128 : tensor<1xf32>
    %wm1128 = meld.sub %lerp_w_128, %one128 : tensor<1xf32>
    %coef128 = meld.select %small128, %lerp_w_128, %wm1128 : tensor<1xi1>, tensor<1xf32>
    %base128 = meld.select %small128, %m128, %g128 : tensor<1xi1>, tensor<1xf32>
    %gm128 = meld.sub %g128, %m128 : tensor<1xf32>
    %m128n = meld.fma %coef128, %gm128, %base128 : tensor<1xf32>
    %vb128 = meld.mul %v128, %beta2_128 : tensor<1xf32>
    %og128 = meld.mul %omb2_128, %g128 : tensor<1xf32>
    %v128n = meld.fma %og128, %g128, %vb128 : tensor<1xf32>
    %sq128 = meld.sqrt %v128n : tensor<1xf32>
    %sc128 = meld.div %sq128, %bc2_sqrt_128 : tensor<1xf32>
    %den128 = meld.add %sc128, %eps_128 : tensor<1xf32>
    %sm128 = meld.mul %step_size_128, %m128n : tensor<1xf32>
    %q128 = meld.div %sm128, %den128 : tensor<1xf32>
    %p128n = meld.add %p128, %q128 : tensor<1xf32>
    %lerp_w_129 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<12679xf32>
    %beta2_129 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<12679xf32>
    %omb2_129 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<12679xf32>
    %bc2_sqrt_129 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<12679xf32>
    %eps_129 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12679xf32>
    %step_size_129 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<12679xf32>
    %one129 = meld.constant dense<1.0> : tensor<12679xf32>
    %half129 = meld.constant dense<0.5> : tensor<12679xf32>
    %wabs129 = meld.abs %lerp_w_129 : tensor<12679xf32>
    %small129 = meld.compare lt, %wabs129, %half129 : tensor<12679xf32>
    %wm1129 = meld.sub %lerp_w_129, %one129 : tensor<12679xf32>
    %coef129 = meld.select %small129, %lerp_w_129, %wm1129 : tensor<12679xi1>, tensor<12679xf32>
    %base129 = meld.select %small129, %m129, %g129 : tensor<12679xi1>, tensor<12679xf32>
    %gm129 = meld.sub %g129, %m129 : tensor<12679xf32>
    %m129n = meld.fma %coef129, %gm129, %base129 : tensor<12679xf32>
    %vb129 = meld.mul %v129, %beta2_129 : tensor<12679xf32>
    %og129 = meld.mul %omb2_129, %g129 : tensor<12679xf32>
    %v129n = meld.fma %og129, %g129, %vb129 : tensor<12679xf32>
    %sq129 = meld.sqrt %v129n : tensor<12679xf32>
    %sc129 = meld.div %sq129, %bc2_sqrt_129 : tensor<12679xf32>
    %den129 = meld.add %sc129, %eps_129 : tensor<12679xf32>
    %sm129 = meld.mul %step_size_129, %m129n : tensor<12679xf32>
    %q129 = meld.div %sm129, %den129 : tensor<12679xf32>
    %p129n = meld.add %p129, %q129 : tensor<12679xf32>
    %lerp_w_130 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3885xf32>
    %beta2_130 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3885xf32>
    %omb2_130 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3885xf32>
    %bc2_sqrt_130 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3885xf32>
    %eps_130 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3885xf32>
    %step_size_130 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3885xf32>
    %one130 = meld.constant dense<1.0> : tensor<3885xf32>
    %half130 = meld.constant dense<0.5> : tensor<3885xf32>
    %wabs130 = meld.abs %lerp_w_130 : tensor<3885xf32>
    %small130 = meld.compare lt, %wabs130, %half130 : tensor<3885xf32>
    %wm1130 = meld.sub %lerp_w_130, %one130 : tensor<3885xf32>
    %coef130 = meld.select %small130, %lerp_w_130, %wm1130 : tensor<3885xi1>, tensor<3885xf32>
    %base130 = meld.select %small130, %m130, %g130 : tensor<3885xi1>, tensor<3885xf32>
    %gm130 = meld.sub %g130, %m130 : tensor<3885xf32>
    %m130n = meld.fma %coef130, %gm130, %base130 : tensor<3885xf32>
    %vb130 = meld.mul %v130, %beta2_130 : tensor<3885xf32>
    %og130 = meld.mul %omb2_130, %g130 : tensor<3885xf32>
    %v130n = meld.fma %og130, %g130, %vb130 : tensor<3885xf32>
    %sq130 = meld.sqrt %v130n : tensor<3885xf32>
    %sc130 = meld.div %sq130, %bc2_sqrt_130 : tensor<3885xf32>
    %den130 = meld.add %sc130, %eps_130 : tensor<3885xf32>
    %sm130 = meld.mul %step_size_130, %m130n : tensor<3885xf32>
    %q130 = meld.div %sm130, %den130 : tensor<3885xf32>
    %p130n = meld.add %p130, %q130 : tensor<3885xf32>
    %lerp_w_131 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<87953xf32>
    %beta2_131 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<87953xf32>
    %omb2_131 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<87953xf32>
    %bc2_sqrt_131 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<87953xf32>
    %eps_131 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<87953xf32>
    %step_size_131 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<87953xf32>
    %one131 = meld.constant dense<1.0> : tensor<87953xf32>
    %half131 = meld.constant dense<0.5> : tensor<87953xf32>
    %wabs131 = meld.abs %lerp_w_131 : tensor<87953xf32>
    %small131 = meld.compare lt, %wabs131, %half131 : tensor<87953xf32>
    %wm1131 = meld.sub %lerp_w_131, %one131 : tensor<87953xf32>
    %coef131 = meld.select %small131, %lerp_w_131, %wm1131 : tensor<87953xi1>, tensor<87953xf32>
    %base131 = meld.select %small131, %m131, %g131 : tensor<87953xi1>, tensor<87953xf32>
    %gm131 = meld.sub %g131, %m131 : tensor<87953xf32>
    %m131n = meld.fma %coef131, %gm131, %base131 : tensor<87953xf32>
    %vb131 = meld.mul %v131, %beta2_131 : tensor<87953xf32>
    %og131 = meld.mul %omb2_131, %g131 : tensor<87953xf32>
    %v131n = meld.fma %og131, %g131, %vb131 : tensor<87953xf32>
    %sq131 = meld.sqrt %v131n : tensor<87953xf32>
    %sc131 = meld.div %sq131, %bc2_sqrt_131 : tensor<87953xf32>
    %den131 = meld.add %sc131, %eps_131 : tensor<87953xf32>
    %sm131 = meld.mul %step_size_131, %m131n : tensor<87953xf32>
    %q131 = meld.div %sm131, %den131 : tensor<87953xf32>
    %p131n = meld.add %p131, %q131 : tensor<87953xf32>
    %lerp_w_132 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %beta2_132 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %omb2_132 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %bc2_sqrt_132 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %eps_132 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %step_size_132 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %one132 = meld.constant dense<1.0> : tensor<3x32xf32>
    %half132 = meld.constant dense<0.5> : tensor<3x32xf32>
    %wabs132 = meld.abs %lerp_w_132 : tensor<3x32xf32>
    %small132 = meld.compare lt, %wabs132, %half132 : tensor<3x32xf32>
    %wm1132 = meld.sub %lerp_w_132, %one132 : tensor<3x32xf32>
    %coef132 = meld.select %small132, %lerp_w_132, %wm1132 : tensor<3x32xi1>, tensor<3x32xf32>
    %base132 = meld.select %small132, %m132, %g132 : tensor<3x32xi1>, tensor<3x32xf32>
    %gm132 = meld.sub %g132, %m132 : tensor<3x32xf32>
    %m132n = meld.fma %coef132, %gm132, %base132 : tensor<3x32xf32>
    %vb132 = meld.mul %v132, %beta2_132 : tensor<3x32xf32>
    %og132 = meld.mul %omb2_132, %g132 : tensor<3x32xf32>
    %v132n = meld.fma %og132, %g132, %vb132 : tensor<3x32xf32>
    %sq132 = meld.sqrt %v132n : tensor<3x32xf32>
    %sc132 = meld.div %sq132, %bc2_sqrt_132 : tensor<3x32xf32>
    %den132 = meld.add %sc132, %eps_132 : tensor<3x32xf32>
    %sm132 = meld.mul %step_size_132, %m132n : tensor<3x32xf32>
    %q132 = meld.div %sm132, %den132 : tensor<3x32xf32>
    %p132n = meld.add %p132, %q132 : tensor<3x32xf32>
    %lerp_w_133 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %beta2_133 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %omb2_133 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %bc2_sqrt_133 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %eps_133 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %step_size_133 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %one133 = meld.constant dense<1.0> : tensor<3x32xf32>
    %half133 = meld.constant dense<0.5> : tensor<3x32xf32>
    %wabs133 = meld.abs %lerp_w_133 : tensor<3x32xf32>
    %small133 = meld.compare lt, %wabs133, %half133 : tensor<3x32xf32>
    %wm1133 = meld.sub %lerp_w_133, %one133 : tensor<3x32xf32>
    %coef133 = meld.select %small133, %lerp_w_133, %wm1133 : tensor<3x32xi1>, tensor<3x32xf32>
    %base133 = meld.select %small133, %m133, %g133 : tensor<3x32xi1>, tensor<3x32xf32>
    %gm133 = meld.sub %g133, %m133 : tensor<3x32xf32>
    %m133n = meld.fma %coef133, %gm133, %base133 : tensor<3x32xf32>
    %vb133 = meld.mul %v133, %beta2_133 : tensor<3x32xf32>
    %og133 = meld.mul %omb2_133, %g133 : tensor<3x32xf32>
    %v133n = meld.fma %og133, %g133, %vb133 : tensor<3x32xf32>
    %sq133 = meld.sqrt %v133n : tensor<3x32xf32>
    %sc133 = meld.div %sq133, %bc2_sqrt_133 : tensor<3x32xf32>
    %den133 = meld.add %sc133, %eps_133 : tensor<3x32xf32>
    %sm133 = meld.mul %step_size_133, %m133n : tensor<3x32xf32>
    %q133 = meld.div %sm133, %den133 : tensor<3x32xf32>
    %p133n = meld.add %p133, %q133 : tensor<3x32xf32>
    %lerp_w_134 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<6xf32>
    %beta2_134 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<6xf32>
    %omb2_134 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<6xf32>
    %bc2_sqrt_134 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_134 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %step_size_134 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<6xf32>
    %one134 = meld.constant dense<1.0> : tensor<6xf32>
    %half134 = meld.constant dense<0.5> : tensor<6xf32>
    %wabs134 = meld.abs %lerp_w_134 : tensor<6xf32>
    %small134 = meld.compare lt, %wabs134, %half134 : tensor<6xf32>
    %wm1134 = meld.sub %lerp_w_134, %one134 : tensor<6xf32>
    %coef134 = meld.select %small134, %lerp_w_134, %wm1134 : tensor<6xi1>, tensor<6xf32>
    %base134 = meld.select %small134, %m134, %g134 : tensor<6xi1>, tensor<6xf32>
    %gm134 = meld.sub %g134, %m134 : tensor<6xf32>
    %m134n = meld.fma %coef134, %gm134, %base134 : tensor<6xf32>
    %vb134 = meld.mul %v134, %beta2_134 : tensor<6xf32>
    %og134 = meld.mul %omb2_134, %g134 : tensor<6xf32>
    %v134n = meld.fma %og134, %g134, %vb134 : tensor<6xf32>
    %sq134 = meld.sqrt %v134n : tensor<6xf32>
    %sc134 = meld.div %sq134, %bc2_sqrt_134 : tensor<6xf32>
    %den134 = meld.add %sc134, %eps_134 : tensor<6xf32>
    %sm134 = meld.mul %step_size_134, %m134n : tensor<6xf32>
    %q134 = meld.div %sm134, %den134 : tensor<6xf32>
    %p134n = meld.add %p134, %q134 : tensor<6xf32>
    %lerp_w_135 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<67xf32>
    %beta2_135 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<67xf32>
    %omb2_135 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<67xf32>
    %bc2_sqrt_135 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<67xf32>
    %eps_135 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<67xf32>
    %step_size_135 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<67xf32>
    %one135 = meld.constant dense<1.0> : tensor<67xf32>
    %half135 = meld.constant dense<0.5> : tensor<67xf32>
    %wabs135 = meld.abs %lerp_w_135 : tensor<67xf32>
    %small135 = meld.compare lt, %wabs135, %half135 : tensor<67xf32>
    %wm1135 = meld.sub %lerp_w_135, %one135 : tensor<67xf32>
    %coef135 = meld.select %small135, %lerp_w_135, %wm1135 : tensor<67xi1>, tensor<67xf32>
    %base135 = meld.select %small135, %m135, %g135 : tensor<67xi1>, tensor<67xf32>
    %gm135 = meld.sub %g135, %m135 : tensor<67xf32>
    %m135n = meld.fma %coef135, %gm135, %base135 : tensor<67xf32>
    %vb135 = meld.mul %v135, %beta2_135 : tensor<67xf32>
    %og135 = meld.mul %omb2_135, %g135 : tensor<67xf32>
    %v135n = meld.fma %og135, %g135, %vb135 : tensor<67xf32>
    %sq135 = meld.sqrt %v135n : tensor<67xf32>
    %sc135 = meld.div %sq135, %bc2_sqrt_135 : tensor<67xf32>
    %den135 = meld.add %sc135, %eps_135 : tensor<67xf32>
    %sm135 = meld.mul %step_size_135, %m135n : tensor<67xf32>
    %q135 = meld.div %sm135, %den135 : tensor<67xf32>
    %p135n = meld.add %p135, %q135 : tensor<67xf32>
    %lerp_w_136 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %beta2_136 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %omb2_136 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %bc2_sqrt_136 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %eps_136 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %step_size_136 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %one136 = meld.constant dense<1.0> : tensor<67x128xf32>
    %half136 = meld.constant dense<0.5> : tensor<67x128xf32>
    %wabs136 = meld.abs %lerp_w_136 : tensor<67x128xf32>
    %small136 = meld.compare lt, %wabs136, %half136 : tensor<67x128xf32>
    %wm1136 = meld.sub %lerp_w_136, %one136 : tensor<67x128xf32>
    %coef136 = meld.select %small136, %lerp_w_136, %wm1136 : tensor<67x128xi1>, tensor<67x128xf32>
    %base136 = meld.select %small136, %m136, %g136 : tensor<67x128xi1>, tensor<67x128xf32>
    %gm136 = meld.sub %g136, %m136 : tensor<67x128xf32>
    %m136n = meld.fma %coef136, %gm136, %base136 : tensor<67x128xf32>
    %vb136 = meld.mul %v136, %beta2_136 : tensor<67x128xf32>
    %og136 = meld.mul %omb2_136, %g136 : tensor<67x128xf32>
    %v136n = meld.fma %og136, %g136, %vb136 : tensor<67x128xf32>
    %sq136 = meld.sqrt %v136n : tensor<67x128xf32>
    %sc136 = meld.div %sq136, %bc2_sqrt_136 : tensor<67x128xf32>
    %den136 = meld.add %sc136, %eps_136 : tensor<67x128xf32>
    %sm136 = meld.mul %step_size_136, %m136n : tensor<67x128xf32>
    %q136 = meld.div %sm136, %den136 : tensor<67x128xf32>
    %p136n = meld.add %p136, %q136 : tensor<67x128xf32>
    %lerp_w_137 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_137 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_137 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_137 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_137 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_137 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one137 = meld.constant dense<1.0> : tensor<1xf32>
    %half137 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs137 = meld.abs %lerp_w_137 : tensor<1xf32>
    %small137 = meld.compare lt, %wabs137, %half137 : tensor<1xf32>
    %wm1137 = meld.sub %lerp_w_137, %one137 : tensor<1xf32>
    %coef137 = meld.select %small137, %lerp_w_137, %wm1137 : tensor<1xi1>, tensor<1xf32>
    %base137 = meld.select %small137, %m137, %g137 : tensor<1xi1>, tensor<1xf32>
    %gm137 = meld.sub %g137, %m137 : tensor<1xf32>
    %m137n = meld.fma %coef137, %gm137, %base137 : tensor<1xf32>
    %vb137 = meld.mul %v137, %beta2_137 : tensor<1xf32>
    %og137 = meld.mul %omb2_137, %g137 : tensor<1xf32>
    %v137n = meld.fma %og137, %g137, %vb137 : tensor<1xf32>
    %sq137 = meld.sqrt %v137n : tensor<1xf32>
    %sc137 = meld.div %sq137, %bc2_sqrt_137 : tensor<1xf32>
    %den137 = meld.add %sc137, %eps_137 : tensor<1xf32>
    %sm137 = meld.mul %step_size_137, %m137n : tensor<1xf32>
    %q137 = meld.div %sm137, %den137 : tensor<1xf32>
    %p137n = meld.add %p137, %q137 : tensor<1xf32>
    %lerp_w_138 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<29xf32>
    %beta2_138 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<29xf32>
    %omb2_138 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<29xf32>
    %bc2_sqrt_138 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<29xf32>
    %eps_138 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<29xf32>
    %step_size_138 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<29xf32>
    %one138 = meld.constant dense<1.0> : tensor<29xf32>
    %half138 = meld.constant dense<0.5> : tensor<29xf32>
    %wabs138 = meld.abs %lerp_w_138 : tensor<29xf32>
    %small138 = meld.compare lt, %wabs138, %half138 : tensor<29xf32>
    %wm1138 = meld.sub %lerp_w_138, %one138 : tensor<29xf32>
    %coef138 = meld.select %small138, %lerp_w_138, %wm1138 : tensor<29xi1>, tensor<29xf32>
    %base138 = meld.select %small138, %m138, %g138 : tensor<29xi1>, tensor<29xf32>
    %gm138 = meld.sub %g138, %m138 : tensor<29xf32>
    %m138n = meld.fma %coef138, %gm138, %base138 : tensor<29xf32>
    %vb138 = meld.mul %v138, %beta2_138 : tensor<29xf32>
    %og138 = meld.mul %omb2_138, %g138 : tensor<29xf32>
    %v138n = meld.fma %og138, %g138, %vb138 : tensor<29xf32>
    %sq138 = meld.sqrt %v138n : tensor<29xf32>
    %sc138 = meld.div %sq138, %bc2_sqrt_138 : tensor<29xf32>
    %den138 = meld.add %sc138, %eps_138 : tensor<29xf32>
    %sm138 = meld.mul %step_size_138, %m138n : tensor<29xf32>
    %q138 = meld.div %sm138, %den138 : tensor<29xf32>
    %p138n = meld.add %p138, %q138 : tensor<29xf32>
    %lerp_w_139 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<6xf32>
    %beta2_139 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<6xf32>
    %omb2_139 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<6xf32>
    %bc2_sqrt_139 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_139 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %step_size_139 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<6xf32>
    %one139 = meld.constant dense<1.0> : tensor<6xf32>
    %half139 = meld.constant dense<0.5> : tensor<6xf32>
    %wabs139 = meld.abs %lerp_w_139 : tensor<6xf32>
    %small139 = meld.compare lt, %wabs139, %half139 : tensor<6xf32>
    %wm1139 = meld.sub %lerp_w_139, %one139 : tensor<6xf32>
    %coef139 = meld.select %small139, %lerp_w_139, %wm1139 : tensor<6xi1>, tensor<6xf32>
    %base139 = meld.select %small139, %m139, %g139 : tensor<6xi1>, tensor<6xf32>
    %gm139 = meld.sub %g139, %m139 : tensor<6xf32>
    %m139n = meld.fma %coef139, %gm139, %base139 : tensor<6xf32>
    %vb139 = meld.mul %v139, %beta2_139 : tensor<6xf32>
    %og139 = meld.mul %omb2_139, %g139 : tensor<6xf32>
    %v139n = meld.fma %og139, %g139, %vb139 : tensor<6xf32>
    %sq139 = meld.sqrt %v139n : tensor<6xf32>
    %sc139 = meld.div %sq139, %bc2_sqrt_139 : tensor<6xf32>
    %den139 = meld.add %sc139, %eps_139 : tensor<6xf32>
    %sm139 = meld.mul %step_size_139, %m139n : tensor<6xf32>
    %q139 = meld.div %sm139, %den139 : tensor<6xf32>
    %p139n = meld.add %p139, %q139 : tensor<6xf32>
    %lerp_w_140 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %beta2_140 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %omb2_140 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %bc2_sqrt_140 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %eps_140 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %step_size_140 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %one140 = meld.constant dense<1.0> : tensor<12x128xf32>
    %half140 = meld.constant dense<0.5> : tensor<12x128xf32>
    %wabs140 = meld.abs %lerp_w_140 : tensor<12x128xf32>
    %small140 = meld.compare lt, %wabs140, %half140 : tensor<12x128xf32>
    %wm1140 = meld.sub %lerp_w_140, %one140 : tensor<12x128xf32>
    %coef140 = meld.select %small140, %lerp_w_140, %wm1140 : tensor<12x128xi1>, tensor<12x128xf32>
    %base140 = meld.select %small140, %m140, %g140 : tensor<12x128xi1>, tensor<12x128xf32>
    %gm140 = meld.sub %g140, %m140 : tensor<12x128xf32>
    %m140n = meld.fma %coef140, %gm140, %base140 : tensor<12x128xf32>
    %vb140 = meld.mul %v140, %beta2_140 : tensor<12x128xf32>
    %og140 = meld.mul %omb2_140, %g140 : tensor<12x128xf32>
    %v140n = meld.fma %og140, %g140, %vb140 : tensor<12x128xf32>
    %sq140 = meld.sqrt %v140n : tensor<12x128xf32>
    %sc140 = meld.div %sq140, %bc2_sqrt_140 : tensor<12x128xf32>
    %den140 = meld.add %sc140, %eps_140 : tensor<12x128xf32>
    %sm140 = meld.mul %step_size_140, %m140n : tensor<12x128xf32>
    %q140 = meld.div %sm140, %den140 : tensor<12x128xf32>
    %p140n = meld.add %p140, %q140 : tensor<12x128xf32>
    %lerp_w_141 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5xf32>
    %beta2_141 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5xf32>
    %omb2_141 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5xf32>
    %bc2_sqrt_141 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_141 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %step_size_141 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5xf32>
    %one141 = meld.constant dense<1.0> : tensor<5xf32>
    %half141 = meld.constant dense<0.5> : tensor<5xf32>
    %wabs141 = meld.abs %lerp_w_141 : tensor<5xf32>
    %small141 = meld.compare lt, %wabs141, %half141 : tensor<5xf32>
    %wm1141 = meld.sub %lerp_w_141, %one141 : tensor<5xf32>
    %coef141 = meld.select %small141, %lerp_w_141, %wm1141 : tensor<5xi1>, tensor<5xf32>
    %base141 = meld.select %small141, %m141, %g141 : tensor<5xi1>, tensor<5xf32>
    %gm141 = meld.sub %g141, %m141 : tensor<5xf32>
    %m141n = meld.fma %coef141, %gm141, %base141 : tensor<5xf32>
    %vb141 = meld.mul %v141, %beta2_141 : tensor<5xf32>
    %og141 = meld.mul %omb2_141, %g141 : tensor<5xf32>
    %v141n = meld.fma %og141, %g141, %vb141 : tensor<5xf32>
    %sq141 = meld.sqrt %v141n : tensor<5xf32>
    %sc141 = meld.div %sq141, %bc2_sqrt_141 : tensor<5xf32>
    %den141 = meld.add %sc141, %eps_141 : tensor<5xf32>
    %sm141 = meld.mul %step_size_141, %m141n : tensor<5xf32>
    %q141 = meld.div %sm141, %den141 : tensor<5xf32>
    %p141n = meld.add %p141, %q141 : tensor<5xf32>
    %lerp_w_142 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<4xf32>
    %beta2_142 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<4xf32>
    %omb2_142 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<4xf32>
    %bc2_sqrt_142 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_142 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %step_size_142 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<4xf32>
    %one142 = meld.constant dense<1.0> : tensor<4xf32>
    %half142 = meld.constant dense<0.5> : tensor<4xf32>
    %wabs142 = meld.abs %lerp_w_142 : tensor<4xf32>
    %small142 = meld.compare lt, %wabs142, %half142 : tensor<4xf32>
    %wm1142 = meld.sub %lerp_w_142, %one142 : tensor<4xf32>
    %coef142 = meld.select %small142, %lerp_w_142, %wm1142 : tensor<4xi1>, tensor<4xf32>
    %base142 = meld.select %small142, %m142, %g142 : tensor<4xi1>, tensor<4xf32>
    %gm142 = meld.sub %g142, %m142 : tensor<4xf32>
    %m142n = meld.fma %coef142, %gm142, %base142 : tensor<4xf32>
    %vb142 = meld.mul %v142, %beta2_142 : tensor<4xf32>
    %og142 = meld.mul %omb2_142, %g142 : tensor<4xf32>
    %v142n = meld.fma %og142, %g142, %vb142 : tensor<4xf32>
    %sq142 = meld.sqrt %v142n : tensor<4xf32>
    %sc142 = meld.div %sq142, %bc2_sqrt_142 : tensor<4xf32>
    %den142 = meld.add %sc142, %eps_142 : tensor<4xf32>
    %sm142 = meld.mul %step_size_142, %m142n : tensor<4xf32>
    %q142 = meld.div %sm142, %den142 : tensor<4xf32>
    %p142n = meld.add %p142, %q142 : tensor<4xf32>
    %lerp_w_143 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<10026xf32>
    %beta2_143 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<10026xf32>
    %omb2_143 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<10026xf32>
    %bc2_sqrt_143 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<10026xf32>
    %eps_143 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10026xf32>
    %step_size_143 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<10026xf32>
    %one143 = meld.constant dense<1.0> : tensor<10026xf32>
    %half143 = meld.constant dense<0.5> : tensor<10026xf32>
    %wabs143 = meld.abs %lerp_w_143 : tensor<10026xf32>
    %small143 = meld.compare lt, %wabs143, %half143 : tensor<10026xf32>
    %wm1143 = meld.sub %lerp_w_143, %one143 : tensor<10026xf32>
    %coef143 = meld.select %small143, %lerp_w_143, %wm1143 : tensor<10026xi1>, tensor<10026xf32>
    %base143 = meld.select %small143, %m143, %g143 : tensor<10026xi1>, tensor<10026xf32>
    %gm143 = meld.sub %g143, %m143 : tensor<10026xf32>
    %m143n = meld.fma %coef143, %gm143, %base143 : tensor<10026xf32>
    %vb143 = meld.mul %v143, %beta2_143 : tensor<10026xf32>
    %og143 = meld.mul %omb2_143, %g143 : tensor<10026xf32>
    %v143n = meld.fma %og143, %g143, %vb143 : tensor<10026xf32>
    %sq143 = meld.sqrt %v143n : tensor<10026xf32>
    %sc143 = meld.div %sq143, %bc2_sqrt_143 : tensor<10026xf32>
    %den143 = meld.add %sc143, %eps_143 : tensor<10026xf32>
    %sm143 = meld.mul %step_size_143, %m143n : tensor<10026xf32>
    %q143 = meld.div %sm143, %den143 : tensor<10026xf32>
    %p143n = meld.add %p143, %q143 : tensor<10026xf32>
    %lerp_w_144 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<48xf32>
    %beta2_144 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<48xf32>
    %omb2_144 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<48xf32>
    %bc2_sqrt_144 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<48xf32>
    %eps_144 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<48xf32>
    %step_size_144 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<48xf32>
    %one144 = meld.constant dense<1.0> : tensor<48xf32>
    %half144 = meld.constant dense<0.5> : tensor<48xf32>
    %wabs144 = meld.abs %lerp_w_144 : tensor<48xf32>
    %small144 = meld.compare lt, %wabs144, %half144 : tensor<48xf32>
    %wm1144 = meld.sub %lerp_w_144, %one144 : tensor<48xf32>
    %coef144 = meld.select %small144, %lerp_w_144, %wm1144 : tensor<48xi1>, tensor<48xf32>
    %base144 = meld.select %small144, %m144, %g144 : tensor<48xi1>, tensor<48xf32>
    %gm144 = meld.sub %g144, %m144 : tensor<48xf32>
    %m144n = meld.fma %coef144, %gm144, %base144 : tensor<48xf32>
    %vb144 = meld.mul %v144, %beta2_144 : tensor<48xf32>
    %og144 = meld.mul %omb2_144, %g144 : tensor<48xf32>
    %v144n = meld.fma %og144, %g144, %vb144 : tensor<48xf32>
    %sq144 = meld.sqrt %v144n : tensor<48xf32>
    %sc144 = meld.div %sq144, %bc2_sqrt_144 : tensor<48xf32>
    %den144 = meld.add %sc144, %eps_144 : tensor<48xf32>
    %sm144 = meld.mul %step_size_144, %m144n : tensor<48xf32>
    %q144 = meld.div %sm144, %den144 : tensor<48xf32>
    %p144n = meld.add %p144, %q144 : tensor<48xf32>
    %lerp_w_145 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<49441xf32>
    %beta2_145 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<49441xf32>
    %omb2_145 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<49441xf32>
    %bc2_sqrt_145 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<49441xf32>
    %eps_145 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<49441xf32>
    %step_size_145 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<49441xf32>
    %one145 = meld.constant dense<1.0> : tensor<49441xf32>
    %half145 = meld.constant dense<0.5> : tensor<49441xf32>
    %wabs145 = meld.abs %lerp_w_145 : tensor<49441xf32>
    %small145 = meld.compare lt, %wabs145, %half145 : tensor<49441xf32>
    %wm1145 = meld.sub %lerp_w_145, %one145 : tensor<49441xf32>
    %coef145 = meld.select %small145, %lerp_w_145, %wm1145 : tensor<49441xi1>, tensor<49441xf32>
    %base145 = meld.select %small145, %m145, %g145 : tensor<49441xi1>, tensor<49441xf32>
    %gm145 = meld.sub %g145, %m145 : tensor<49441xf32>
    %m145n = meld.fma %coef145, %gm145, %base145 : tensor<49441xf32>
    %vb145 = meld.mul %v145, %beta2_145 : tensor<49441xf32>
    %og145 = meld.mul %omb2_145, %g145 : tensor<49441xf32>
    %v145n = meld.fma %og145, %g145, %vb145 : tensor<49441xf32>
    %sq145 = meld.sqrt %v145n : tensor<49441xf32>
    %sc145 = meld.div %sq145, %bc2_sqrt_145 : tensor<49441xf32>
    %den145 = meld.add %sc145, %eps_145 : tensor<49441xf32>
    %sm145 = meld.mul %step_size_145, %m145n : tensor<49441xf32>
    %q145 = meld.div %sm145, %den145 : tensor<49441xf32>
    %p145n = meld.add %p145, %q145 : tensor<49441xf32>
    %lerp_w_146 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<45xf32>
    %beta2_146 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<45xf32>
    %omb2_146 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<45xf32>
    %bc2_sqrt_146 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<45xf32>
    %eps_146 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<45xf32>
    %step_size_146 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<45xf32>
    %one146 = meld.constant dense<1.0> : tensor<45xf32>
    %half146 = meld.constant dense<0.5> : tensor<45xf32>
    %wabs146 = meld.abs %lerp_w_146 : tensor<45xf32>
    %small146 = meld.compare lt, %wabs146, %half146 : tensor<45xf32>
    %wm1146 = meld.sub %lerp_w_146, %one146 : tensor<45xf32>
    %coef146 = meld.select %small146, %lerp_w_146, %wm1146 : tensor<45xi1>, tensor<45xf32>
    %base146 = meld.select %small146, %m146, %g146 : tensor<45xi1>, tensor<45xf32>
    %gm146 = meld.sub %g146, %m146 : tensor<45xf32>
    %m146n = meld.fma %coef146, %gm146, %base146 : tensor<45xf32>
    %vb146 = meld.mul %v146, %beta2_146 : tensor<45xf32>
    %og146 = meld.mul %omb2_146, %g146 : tensor<45xf32>
    %v146n = meld.fma %og146, %g146, %vb146 : tensor<45xf32>
    %sq146 = meld.sqrt %v146n : tensor<45xf32>
    %sc146 = meld.div %sq146, %bc2_sqrt_146 : tensor<45xf32>
    %den146 = meld.add %sc146, %eps_146 : tensor<45xf32>
    %sm146 = meld.mul %step_size_146, %m146n : tensor<45xf32>
    %q146 = meld.div %sm146, %den146 : tensor<45xf32>
    %p146n = meld.add %p146, %q146 : tensor<45xf32>
    %lerp_w_147 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %beta2_147 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %omb2_147 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %bc2_sqrt_147 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %eps_147 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %step_size_147 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %one147 = meld.constant dense<1.0> : tensor<2356x16xf32>
    %half147 = meld.constant dense<0.5> : tensor<2356x16xf32>
    %wabs147 = meld.abs %lerp_w_147 : tensor<2356x16xf32>
    %small147 = meld.compare lt, %wabs147, %half147 : tensor<2356x16xf32>
    %wm1147 = meld.sub %lerp_w_147, %one147 : tensor<2356x16xf32>
    %coef147 = meld.select %small147, %lerp_w_147, %wm1147 : tensor<2356x16xi1>, tensor<2356x16xf32>
    %base147 = meld.select %small147, %m147, %g147 : tensor<2356x16xi1>, tensor<2356x16xf32>
    %gm147 = meld.sub %g147, %m147 : tensor<2356x16xf32>
    %m147n = meld.fma %coef147, %gm147, %base147 : tensor<2356x16xf32>
    %vb147 = meld.mul %v147, %beta2_147 : tensor<2356x16xf32>
    %og147 = meld.mul %omb2_147, %g147 : tensor<2356x16xf32>
    %v147n = meld.fma %og147, %g147, %vb147 : tensor<2356x16xf32>
    %sq147 = meld.sqrt %v147n : tensor<2356x16xf32>
    %sc147 = meld.div %sq147, %bc2_sqrt_147 : tensor<2356x16xf32>
    %den147 = meld.add %sc147, %eps_147 : tensor<2356x16xf32>
    %sm147 = meld.mul %step_size_147, %m147n : tensor<2356x16xf32>
    %q147 = meld.div %sm147, %den147 : tensor<2356x16xf32>
    %p147n = meld.add %p147, %q147 : tensor<2356x16xf32>
    %lerp_w_148 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3xf32>
    %beta2_148 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3xf32>
    %omb2_148 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3xf32>
    %bc2_sqrt_148 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_148 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %step_size_148 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3xf32>
    %one148 = meld.constant dense<1.0> : tensor<3xf32>
    %half148 = meld.constant dense<0.5> : tensor<3xf32>
    %wabs148 = meld.abs %lerp_w_148 : tensor<3xf32>
    %small148 = meld.compare lt, %wabs148, %half148 : tensor<3xf32>
    %wm1148 = meld.sub %lerp_w_148, %one148 : tensor<3xf32>
    %coef148 = meld.select %small148, %lerp_w_148, %wm1148 : tensor<3xi1>, tensor<3xf32>
    %base148 = meld.select %small148, %m148, %g148 : tensor<3xi1>, tensor<3xf32>
    %gm148 = meld.sub %g148, %m148 : tensor<3xf32>
    %m148n = meld.fma %coef148, %gm148, %base148 : tensor<3xf32>
    %vb148 = meld.mul %v148, %beta2_148 : tensor<3xf32>
    %og148 = meld.mul %omb2_148, %g148 : tensor<3xf32>
    %v148n = meld.fma %og148, %g148, %vb148 : tensor<3xf32>
    %sq148 = meld.sqrt %v148n : tensor<3xf32>
    %sc148 = meld.div %sq148, %bc2_sqrt_148 : tensor<3xf32>
    %den148 = meld.add %sc148, %eps_148 : tensor<3xf32>
    %sm148 = meld.mul %step_size_148, %m148n : tensor<3xf32>
    %q148 = meld.div %sm148, %den148 : tensor<3xf32>
    %p148n = meld.add %p148, %q148 : tensor<3xf32>
    %lerp_w_149 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %beta2_149 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %omb2_149 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %bc2_sqrt_149 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %eps_149 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %step_size_149 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %one149 = meld.constant dense<1.0> : tensor<1481x64xf32>
    %half149 = meld.constant dense<0.5> : tensor<1481x64xf32>
    %wabs149 = meld.abs %lerp_w_149 : tensor<1481x64xf32>
    %small149 = meld.compare lt, %wabs149, %half149 : tensor<1481x64xf32>
    %wm1149 = meld.sub %lerp_w_149, %one149 : tensor<1481x64xf32>
    %coef149 = meld.select %small149, %lerp_w_149, %wm1149 : tensor<1481x64xi1>, tensor<1481x64xf32>
    %base149 = meld.select %small149, %m149, %g149 : tensor<1481x64xi1>, tensor<1481x64xf32>
    %gm149 = meld.sub %g149, %m149 : tensor<1481x64xf32>
    %m149n = meld.fma %coef149, %gm149, %base149 : tensor<1481x64xf32>
    %vb149 = meld.mul %v149, %beta2_149 : tensor<1481x64xf32>
    %og149 = meld.mul %omb2_149, %g149 : tensor<1481x64xf32>
    %v149n = meld.fma %og149, %g149, %vb149 : tensor<1481x64xf32>
    %sq149 = meld.sqrt %v149n : tensor<1481x64xf32>
    %sc149 = meld.div %sq149, %bc2_sqrt_149 : tensor<1481x64xf32>
    %den149 = meld.add %sc149, %eps_149 : tensor<1481x64xf32>
    %sm149 = meld.mul %step_size_149, %m149n : tensor<1481x64xf32>
    %q149 = meld.div %sm149, %den149 : tensor<1481x64xf32>
    %p149n = meld.add %p149, %q149 : tensor<1481x64xf32>
    %lerp_w_150 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<4xf32>
    %beta2_150 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<4xf32>
    %omb2_150 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<4xf32>
    %bc2_sqrt_150 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_150 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %step_size_150 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<4xf32>
    %one150 = meld.constant dense<1.0> : tensor<4xf32>
    %half150 = meld.constant dense<0.5> : tensor<4xf32>
    %wabs150 = meld.abs %lerp_w_150 : tensor<4xf32>
    %small150 = meld.compare lt, %wabs150, %half150 : tensor<4xf32>
    %wm1150 = meld.sub %lerp_w_150, %one150 : tensor<4xf32>
    %coef150 = meld.select %small150, %lerp_w_150, %wm1150 : tensor<4xi1>, tensor<4xf32>
    %base150 = meld.select %small150, %m150, %g150 : tensor<4xi1>, tensor<4xf32>
    %gm150 = meld.sub %g150, %m150 : tensor<4xf32>
    %m150n = meld.fma %coef150, %gm150, %base150 : tensor<4xf32>
    %vb150 = meld.mul %v150, %beta2_150 : tensor<4xf32>
    %og150 = meld.mul %omb2_150, %g150 : tensor<4xf32>
    %v150n = meld.fma %og150, %g150, %vb150 : tensor<4xf32>
    %sq150 = meld.sqrt %v150n : tensor<4xf32>
    %sc150 = meld.div %sq150, %bc2_sqrt_150 : tensor<4xf32>
    %den150 = meld.add %sc150, %eps_150 : tensor<4xf32>
    %sm150 = meld.mul %step_size_150, %m150n : tensor<4xf32>
    %q150 = meld.div %sm150, %den150 : tensor<4xf32>
    %p150n = meld.add %p150, %q150 : tensor<4xf32>
    %lerp_w_151 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<4xf32>
    %beta2_151 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<4xf32>
    %omb2_151 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<4xf32>
    %bc2_sqrt_151 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_151 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %step_size_151 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<4xf32>
    %one151 = meld.constant dense<1.0> : tensor<4xf32>
    %half151 = meld.constant dense<0.5> : tensor<4xf32>
    %wabs151 = meld.abs %lerp_w_151 : tensor<4xf32>
    %small151 = meld.compare lt, %wabs151, %half151 : tensor<4xf32>
    %wm1151 = meld.sub %lerp_w_151, %one151 : tensor<4xf32>
    %coef151 = meld.select %small151, %lerp_w_151, %wm1151 : tensor<4xi1>, tensor<4xf32>
    %base151 = meld.select %small151, %m151, %g151 : tensor<4xi1>, tensor<4xf32>
    %gm151 = meld.sub %g151, %m151 : tensor<4xf32>
    %m151n = meld.fma %coef151, %gm151, %base151 : tensor<4xf32>
    %vb151 = meld.mul %v151, %beta2_151 : tensor<4xf32>
    %og151 = meld.mul %omb2_151, %g151 : tensor<4xf32>
    %v151n = meld.fma %og151, %g151, %vb151 : tensor<4xf32>
    %sq151 = meld.sqrt %v151n : tensor<4xf32>
    %sc151 = meld.div %sq151, %bc2_sqrt_151 : tensor<4xf32>
    %den151 = meld.add %sc151, %eps_151 : tensor<4xf32>
    %sm151 = meld.mul %step_size_151, %m151n : tensor<4xf32>
    %q151 = meld.div %sm151, %den151 : tensor<4xf32>
    %p151n = meld.add %p151, %q151 : tensor<4xf32>
    %lerp_w_152 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %beta2_152 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %omb2_152 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %bc2_sqrt_152 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %eps_152 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %step_size_152 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %one152 = meld.constant dense<1.0> : tensor<8x64xf32>
    %half152 = meld.constant dense<0.5> : tensor<8x64xf32>
    %wabs152 = meld.abs %lerp_w_152 : tensor<8x64xf32>
    %small152 = meld.compare lt, %wabs152, %half152 : tensor<8x64xf32>
    %wm1152 = meld.sub %lerp_w_152, %one152 : tensor<8x64xf32>
    %coef152 = meld.select %small152, %lerp_w_152, %wm1152 : tensor<8x64xi1>, tensor<8x64xf32>
    %base152 = meld.select %small152, %m152, %g152 : tensor<8x64xi1>, tensor<8x64xf32>
    %gm152 = meld.sub %g152, %m152 : tensor<8x64xf32>
    %m152n = meld.fma %coef152, %gm152, %base152 : tensor<8x64xf32>
    %vb152 = meld.mul %v152, %beta2_152 : tensor<8x64xf32>
    %og152 = meld.mul %omb2_152, %g152 : tensor<8x64xf32>
    %v152n = meld.fma %og152, %g152, %vb152 : tensor<8x64xf32>
    %sq152 = meld.sqrt %v152n : tensor<8x64xf32>
    %sc152 = meld.div %sq152, %bc2_sqrt_152 : tensor<8x64xf32>
    %den152 = meld.add %sc152, %eps_152 : tensor<8x64xf32>
    %sm152 = meld.mul %step_size_152, %m152n : tensor<8x64xf32>
    %q152 = meld.div %sm152, %den152 : tensor<8x64xf32>
    %p152n = meld.add %p152, %q152 : tensor<8x64xf32>
    %lerp_w_153 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<10575xf32>
    %beta2_153 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<10575xf32>
    %omb2_153 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<10575xf32>
    %bc2_sqrt_153 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<10575xf32>
    %eps_153 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10575xf32>
    %step_size_153 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<10575xf32>
    %one153 = meld.constant dense<1.0> : tensor<10575xf32>
    %half153 = meld.constant dense<0.5> : tensor<10575xf32>
    %wabs153 = meld.abs %lerp_w_153 : tensor<10575xf32>
    %small153 = meld.compare lt, %wabs153, %half153 : tensor<10575xf32>
    %wm1153 = meld.sub %lerp_w_153, %one153 : tensor<10575xf32>
    %coef153 = meld.select %small153, %lerp_w_153, %wm1153 : tensor<10575xi1>, tensor<10575xf32>
    %base153 = meld.select %small153, %m153, %g153 : tensor<10575xi1>, tensor<10575xf32>
    %gm153 = meld.sub %g153, %m153 : tensor<10575xf32>
    %m153n = meld.fma %coef153, %gm153, %base153 : tensor<10575xf32>
    %vb153 = meld.mul %v153, %beta2_153 : tensor<10575xf32>
    %og153 = meld.mul %omb2_153, %g153 : tensor<10575xf32>
    %v153n = meld.fma %og153, %g153, %vb153 : tensor<10575xf32>
    %sq153 = meld.sqrt %v153n : tensor<10575xf32>
    %sc153 = meld.div %sq153, %bc2_sqrt_153 : tensor<10575xf32>
    %den153 = meld.add %sc153, %eps_153 : tensor<10575xf32>
    %sm153 = meld.mul %step_size_153, %m153n : tensor<10575xf32>
    %q153 = meld.div %sm153, %den153 : tensor<10575xf32>
    %p153n = meld.add %p153, %q153 : tensor<10575xf32>
    %lerp_w_154 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<108955xf32>
    %beta2_154 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<108955xf32>
    %omb2_154 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<108955xf32>
    %bc2_sqrt_154 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<108955xf32>
    %eps_154 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<108955xf32>
    %step_size_154 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<108955xf32>
    %one154 = meld.constant dense<1.0> : tensor<108955xf32>
    %half154 = meld.constant dense<0.5> : tensor<108955xf32>
    %wabs154 = meld.abs %lerp_w_154 : tensor<108955xf32>
    %small154 = meld.compare lt, %wabs154, %half154 : tensor<108955xf32>
    %wm1154 = meld.sub %lerp_w_154, %one154 : tensor<108955xf32>
    %coef154 = meld.select %small154, %lerp_w_154, %wm1154 : tensor<108955xi1>, tensor<108955xf32>
    %base154 = meld.select %small154, %m154, %g154 : tensor<108955xi1>, tensor<108955xf32>
    %gm154 = meld.sub %g154, %m154 : tensor<108955xf32>
    %m154n = meld.fma %coef154, %gm154, %base154 : tensor<108955xf32>
    %vb154 = meld.mul %v154, %beta2_154 : tensor<108955xf32>
    %og154 = meld.mul %omb2_154, %g154 : tensor<108955xf32>
    %v154n = meld.fma %og154, %g154, %vb154 : tensor<108955xf32>
    %sq154 = meld.sqrt %v154n : tensor<108955xf32>
    %sc154 = meld.div %sq154, %bc2_sqrt_154 : tensor<108955xf32>
    %den154 = meld.add %sc154, %eps_154 : tensor<108955xf32>
    %sm154 = meld.mul %step_size_154, %m154n : tensor<108955xf32>
    %q154 = meld.div %sm154, %den154 : tensor<108955xf32>
    %p154n = meld.add %p154, %q154 : tensor<108955xf32>
    %lerp_w_155 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<114xf32>
    %beta2_155 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<114xf32>
    %omb2_155 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<114xf32>
    %bc2_sqrt_155 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<114xf32>
    %eps_155 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<114xf32>
    %step_size_155 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<114xf32>
    %one155 = meld.constant dense<1.0> : tensor<114xf32>
    %half155 = meld.constant dense<0.5> : tensor<114xf32>
    %wabs155 = meld.abs %lerp_w_155 : tensor<114xf32>
    %small155 = meld.compare lt, %wabs155, %half155 : tensor<114xf32>
    %wm1155 = meld.sub %lerp_w_155, %one155 : tensor<114xf32>
    %coef155 = meld.select %small155, %lerp_w_155, %wm1155 : tensor<114xi1>, tensor<114xf32>
    %base155 = meld.select %small155, %m155, %g155 : tensor<114xi1>, tensor<114xf32>
    %gm155 = meld.sub %g155, %m155 : tensor<114xf32>
    %m155n = meld.fma %coef155, %gm155, %base155 : tensor<114xf32>
    %vb155 = meld.mul %v155, %beta2_155 : tensor<114xf32>
    %og155 = meld.mul %omb2_155, %g155 : tensor<114xf32>
    %v155n = meld.fma %og155, %g155, %vb155 : tensor<114xf32>
    %sq155 = meld.sqrt %v155n : tensor<114xf32>
    %sc155 = meld.div %sq155, %bc2_sqrt_155 : tensor<114xf32>
    %den155 = meld.add %sc155, %eps_155 : tensor<114xf32>
    %sm155 = meld.mul %step_size_155, %m155n : tensor<114xf32>
    %q155 = meld.div %sm155, %den155 : tensor<114xf32>
    %p155n = meld.add %p155, %q155 : tensor<114xf32>
    %lerp_w_156 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %beta2_156 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %omb2_156 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %bc2_sqrt_156 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %eps_156 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %step_size_156 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %one156 = meld.constant dense<1.0> : tensor<197x16xf32>
    %half156 = meld.constant dense<0.5> : tensor<197x16xf32>
    %wabs156 = meld.abs %lerp_w_156 : tensor<197x16xf32>
    %small156 = meld.compare lt, %wabs156, %half156 : tensor<197x16xf32>
    %wm1156 = meld.sub %lerp_w_156, %one156 : tensor<197x16xf32>
    %coef156 = meld.select %small156, %lerp_w_156, %wm1156 : tensor<197x16xi1>, tensor<197x16xf32>
    %base156 = meld.select %small156, %m156, %g156 : tensor<197x16xi1>, tensor<197x16xf32>
    %gm156 = meld.sub %g156, %m156 : tensor<197x16xf32>
    %m156n = meld.fma %coef156, %gm156, %base156 : tensor<197x16xf32>
    %vb156 = meld.mul %v156, %beta2_156 : tensor<197x16xf32>
    %og156 = meld.mul %omb2_156, %g156 : tensor<197x16xf32>
    %v156n = meld.fma %og156, %g156, %vb156 : tensor<197x16xf32>
    %sq156 = meld.sqrt %v156n : tensor<197x16xf32>
    %sc156 = meld.div %sq156, %bc2_sqrt_156 : tensor<197x16xf32>
    %den156 = meld.add %sc156, %eps_156 : tensor<197x16xf32>
    %sm156 = meld.mul %step_size_156, %m156n : tensor<197x16xf32>
    %q156 = meld.div %sm156, %den156 : tensor<197x16xf32>
    %p156n = meld.add %p156, %q156 : tensor<197x16xf32>
    %lerp_w_157 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<12xf32>
    %beta2_157 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<12xf32>
    %omb2_157 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<12xf32>
    %bc2_sqrt_157 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_157 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %step_size_157 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<12xf32>
    %one157 = meld.constant dense<1.0> : tensor<12xf32>
    %half157 = meld.constant dense<0.5> : tensor<12xf32>
    %wabs157 = meld.abs %lerp_w_157 : tensor<12xf32>
    %small157 = meld.compare lt, %wabs157, %half157 : tensor<12xf32>
    %wm1157 = meld.sub %lerp_w_157, %one157 : tensor<12xf32>
    %coef157 = meld.select %small157, %lerp_w_157, %wm1157 : tensor<12xi1>, tensor<12xf32>
    %base157 = meld.select %small157, %m157, %g157 : tensor<12xi1>, tensor<12xf32>
    %gm157 = meld.sub %g157, %m157 : tensor<12xf32>
    %m157n = meld.fma %coef157, %gm157, %base157 : tensor<12xf32>
    %vb157 = meld.mul %v157, %beta2_157 : tensor<12xf32>
    %og157 = meld.mul %omb2_157, %g157 : tensor<12xf32>
    %v157n = meld.fma %og157, %g157, %vb157 : tensor<12xf32>
    %sq157 = meld.sqrt %v157n : tensor<12xf32>
    %sc157 = meld.div %sq157, %bc2_sqrt_157 : tensor<12xf32>
    %den157 = meld.add %sc157, %eps_157 : tensor<12xf32>
    %sm157 = meld.mul %step_size_157, %m157n : tensor<12xf32>
    %q157 = meld.div %sm157, %den157 : tensor<12xf32>
    %p157n = meld.add %p157, %q157 : tensor<12xf32>
    %lerp_w_158 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<16xf32>
    %beta2_158 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<16xf32>
    %omb2_158 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<16xf32>
    %bc2_sqrt_158 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_158 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %step_size_158 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<16xf32>
    %one158 = meld.constant dense<1.0> : tensor<16xf32>
    %half158 = meld.constant dense<0.5> : tensor<16xf32>
    %wabs158 = meld.abs %lerp_w_158 : tensor<16xf32>
    %small158 = meld.compare lt, %wabs158, %half158 : tensor<16xf32>
    %wm1158 = meld.sub %lerp_w_158, %one158 : tensor<16xf32>
    %coef158 = meld.select %small158, %lerp_w_158, %wm1158 : tensor<16xi1>, tensor<16xf32>
    %base158 = meld.select %small158, %m158, %g158 : tensor<16xi1>, tensor<16xf32>
    %gm158 = meld.sub %g158, %m158 : tensor<16xf32>
    %m158n = meld.fma %coef158, %gm158, %base158 : tensor<16xf32>
    %vb158 = meld.mul %v158, %beta2_158 : tensor<16xf32>
    %og158 = meld.mul %omb2_158, %g158 : tensor<16xf32>
    %v158n = meld.fma %og158, %g158, %vb158 : tensor<16xf32>
    %sq158 = meld.sqrt %v158n : tensor<16xf32>
    %sc158 = meld.div %sq158, %bc2_sqrt_158 : tensor<16xf32>
    %den158 = meld.add %sc158, %eps_158 : tensor<16xf32>
    %sm158 = meld.mul %step_size_158, %m158n : tensor<16xf32>
    %q158 = meld.div %sm158, %den158 : tensor<16xf32>
    %p158n = meld.add %p158, %q158 : tensor<16xf32>
    %lerp_w_159 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %beta2_159 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %omb2_159 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %bc2_sqrt_159 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %eps_159 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %step_size_159 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %one159 = meld.constant dense<1.0> : tensor<1x128xf32>
    %half159 = meld.constant dense<0.5> : tensor<1x128xf32>
    %wabs159 = meld.abs %lerp_w_159 : tensor<1x128xf32>
    %small159 = meld.compare lt, %wabs159, %half159 : tensor<1x128xf32>
    %wm1159 = meld.sub %lerp_w_159, %one159 : tensor<1x128xf32>
    %coef159 = meld.select %small159, %lerp_w_159, %wm1159 : tensor<1x128xi1>, tensor<1x128xf32>
    %base159 = meld.select %small159, %m159, %g159 : tensor<1x128xi1>, tensor<1x128xf32>
    %gm159 = meld.sub %g159, %m159 : tensor<1x128xf32>
    %m159n = meld.fma %coef159, %gm159, %base159 : tensor<1x128xf32>
    %vb159 = meld.mul %v159, %beta2_159 : tensor<1x128xf32>
    %og159 = meld.mul %omb2_159, %g159 : tensor<1x128xf32>
    %v159n = meld.fma %og159, %g159, %vb159 : tensor<1x128xf32>
    %sq159 = meld.sqrt %v159n : tensor<1x128xf32>
    %sc159 = meld.div %sq159, %bc2_sqrt_159 : tensor<1x128xf32>
    %den159 = meld.add %sc159, %eps_159 : tensor<1x128xf32>
    %sm159 = meld.mul %step_size_159, %m159n : tensor<1x128xf32>
    %q159 = meld.div %sm159, %den159 : tensor<1x128xf32>
    %p159n = meld.add %p159, %q159 : tensor<1x128xf32>
    %lerp_w_160 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %beta2_160 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %omb2_160 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %bc2_sqrt_160 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %eps_160 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %step_size_160 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %one160 = meld.constant dense<1.0> : tensor<7x96xf32>
    %half160 = meld.constant dense<0.5> : tensor<7x96xf32>
    %wabs160 = meld.abs %lerp_w_160 : tensor<7x96xf32>
    %small160 = meld.compare lt, %wabs160, %half160 : tensor<7x96xf32>
    %wm1160 = meld.sub %lerp_w_160, %one160 : tensor<7x96xf32>
    %coef160 = meld.select %small160, %lerp_w_160, %wm1160 : tensor<7x96xi1>, tensor<7x96xf32>
    %base160 = meld.select %small160, %m160, %g160 : tensor<7x96xi1>, tensor<7x96xf32>
    %gm160 = meld.sub %g160, %m160 : tensor<7x96xf32>
    %m160n = meld.fma %coef160, %gm160, %base160 : tensor<7x96xf32>
    %vb160 = meld.mul %v160, %beta2_160 : tensor<7x96xf32>
    %og160 = meld.mul %omb2_160, %g160 : tensor<7x96xf32>
    %v160n = meld.fma %og160, %g160, %vb160 : tensor<7x96xf32>
    %sq160 = meld.sqrt %v160n : tensor<7x96xf32>
    %sc160 = meld.div %sq160, %bc2_sqrt_160 : tensor<7x96xf32>
    %den160 = meld.add %sc160, %eps_160 : tensor<7x96xf32>
    %sm160 = meld.mul %step_size_160, %m160n : tensor<7x96xf32>
    %q160 = meld.div %sm160, %den160 : tensor<7x96xf32>
    %p160n = meld.add %p160, %q160 : tensor<7x96xf32>
    %lerp_w_161 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<20775xf32>
    %beta2_161 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<20775xf32>
    %omb2_161 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<20775xf32>
    %bc2_sqrt_161 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<20775xf32>
    %eps_161 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<20775xf32>
    %step_size_161 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<20775xf32>
    %one161 = meld.constant dense<1.0> : tensor<20775xf32>
    %half161 = meld.constant dense<0.5> : tensor<20775xf32>
    %wabs161 = meld.abs %lerp_w_161 : tensor<20775xf32>
    %small161 = meld.compare lt, %wabs161, %half161 : tensor<20775xf32>
    %wm1161 = meld.sub %lerp_w_161, %one161 : tensor<20775xf32>
    %coef161 = meld.select %small161, %lerp_w_161, %wm1161 : tensor<20775xi1>, tensor<20775xf32>
    %base161 = meld.select %small161, %m161, %g161 : tensor<20775xi1>, tensor<20775xf32>
    %gm161 = meld.sub %g161, %m161 : tensor<20775xf32>
    %m161n = meld.fma %coef161, %gm161, %base161 : tensor<20775xf32>
    %vb161 = meld.mul %v161, %beta2_161 : tensor<20775xf32>
    %og161 = meld.mul %omb2_161, %g161 : tensor<20775xf32>
    %v161n = meld.fma %og161, %g161, %vb161 : tensor<20775xf32>
    %sq161 = meld.sqrt %v161n : tensor<20775xf32>
    %sc161 = meld.div %sq161, %bc2_sqrt_161 : tensor<20775xf32>
    %den161 = meld.add %sc161, %eps_161 : tensor<20775xf32>
    %sm161 = meld.mul %step_size_161, %m161n : tensor<20775xf32>
    %q161 = meld.div %sm161, %den161 : tensor<20775xf32>
    %p161n = meld.add %p161, %q161 : tensor<20775xf32>
    %lerp_w_162 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<15xf32>
    %beta2_162 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<15xf32>
    %omb2_162 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<15xf32>
    %bc2_sqrt_162 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<15xf32>
    %eps_162 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<15xf32>
    %step_size_162 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<15xf32>
    %one162 = meld.constant dense<1.0> : tensor<15xf32>
    %half162 = meld.constant dense<0.5> : tensor<15xf32>
    %wabs162 = meld.abs %lerp_w_162 : tensor<15xf32>
    %small162 = meld.compare lt, %wabs162, %half162 : tensor<15xf32>
    %wm1162 = meld.sub %lerp_w_162, %one162 : tensor<15xf32>
    %coef162 = meld.select %small162, %lerp_w_162, %wm1162 : tensor<15xi1>, tensor<15xf32>
    %base162 = meld.select %small162, %m162, %g162 : tensor<15xi1>, tensor<15xf32>
    %gm162 = meld.sub %g162, %m162 : tensor<15xf32>
    %m162n = meld.fma %coef162, %gm162, %base162 : tensor<15xf32>
    %vb162 = meld.mul %v162, %beta2_162 : tensor<15xf32>
    %og162 = meld.mul %omb2_162, %g162 : tensor<15xf32>
    %v162n = meld.fma %og162, %g162, %vb162 : tensor<15xf32>
    %sq162 = meld.sqrt %v162n : tensor<15xf32>
    %sc162 = meld.div %sq162, %bc2_sqrt_162 : tensor<15xf32>
    %den162 = meld.add %sc162, %eps_162 : tensor<15xf32>
    %sm162 = meld.mul %step_size_162, %m162n : tensor<15xf32>
    %q162 = meld.div %sm162, %den162 : tensor<15xf32>
    %p162n = meld.add %p162, %q162 : tensor<15xf32>
    %lerp_w_163 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_163 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_163 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_163 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_163 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_163 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one163 = meld.constant dense<1.0> : tensor<2xf32>
    %half163 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs163 = meld.abs %lerp_w_163 : tensor<2xf32>
    %small163 = meld.compare lt, %wabs163, %half163 : tensor<2xf32>
    %wm1163 = meld.sub %lerp_w_163, %one163 : tensor<2xf32>
    %coef163 = meld.select %small163, %lerp_w_163, %wm1163 : tensor<2xi1>, tensor<2xf32>
    %base163 = meld.select %small163, %m163, %g163 : tensor<2xi1>, tensor<2xf32>
    %gm163 = meld.sub %g163, %m163 : tensor<2xf32>
    %m163n = meld.fma %coef163, %gm163, %base163 : tensor<2xf32>
    %vb163 = meld.mul %v163, %beta2_163 : tensor<2xf32>
    %og163 = meld.mul %omb2_163, %g163 : tensor<2xf32>
    %v163n = meld.fma %og163, %g163, %vb163 : tensor<2xf32>
    %sq163 = meld.sqrt %v163n : tensor<2xf32>
    %sc163 = meld.div %sq163, %bc2_sqrt_163 : tensor<2xf32>
    %den163 = meld.add %sc163, %eps_163 : tensor<2xf32>
    %sm163 = meld.mul %step_size_163, %m163n : tensor<2xf32>
    %q163 = meld.div %sm163, %den163 : tensor<2xf32>
    %p163n = meld.add %p163, %q163 : tensor<2xf32>
    %lerp_w_164 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<16xf32>
    %beta2_164 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<16xf32>
    %omb2_164 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<16xf32>
    %bc2_sqrt_164 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_164 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %step_size_164 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<16xf32>
    %one164 = meld.constant dense<1.0> : tensor<16xf32>
    %half164 = meld.constant dense<0.5> : tensor<16xf32>
    %wabs164 = meld.abs %lerp_w_164 : tensor<16xf32>
    %small164 = meld.compare lt, %wabs164, %half164 : tensor<16xf32>
    %wm1164 = meld.sub %lerp_w_164, %one164 : tensor<16xf32>
    %coef164 = meld.select %small164, %lerp_w_164, %wm1164 : tensor<16xi1>, tensor<16xf32>
    %base164 = meld.select %small164, %m164, %g164 : tensor<16xi1>, tensor<16xf32>
    %gm164 = meld.sub %g164, %m164 : tensor<16xf32>
    %m164n = meld.fma %coef164, %gm164, %base164 : tensor<16xf32>
    %vb164 = meld.mul %v164, %beta2_164 : tensor<16xf32>
    %og164 = meld.mul %omb2_164, %g164 : tensor<16xf32>
    %v164n = meld.fma %og164, %g164, %vb164 : tensor<16xf32>
    %sq164 = meld.sqrt %v164n : tensor<16xf32>
    %sc164 = meld.div %sq164, %bc2_sqrt_164 : tensor<16xf32>
    %den164 = meld.add %sc164, %eps_164 : tensor<16xf32>
    %sm164 = meld.mul %step_size_164, %m164n : tensor<16xf32>
    %q164 = meld.div %sm164, %den164 : tensor<16xf32>
    %p164n = meld.add %p164, %q164 : tensor<16xf32>
    %lerp_w_165 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %beta2_165 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %omb2_165 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %bc2_sqrt_165 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %eps_165 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %step_size_165 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %one165 = meld.constant dense<1.0> : tensor<9269x32xf32>
    %half165 = meld.constant dense<0.5> : tensor<9269x32xf32>
    %wabs165 = meld.abs %lerp_w_165 : tensor<9269x32xf32>
    %small165 = meld.compare lt, %wabs165, %half165 : tensor<9269x32xf32>
    %wm1165 = meld.sub %lerp_w_165, %one165 : tensor<9269x32xf32>
    %coef165 = meld.select %small165, %lerp_w_165, %wm1165 : tensor<9269x32xi1>, tensor<9269x32xf32>
    %base165 = meld.select %small165, %m165, %g165 : tensor<9269x32xi1>, tensor<9269x32xf32>
    %gm165 = meld.sub %g165, %m165 : tensor<9269x32xf32>
    %m165n = meld.fma %coef165, %gm165, %base165 : tensor<9269x32xf32>
    %vb165 = meld.mul %v165, %beta2_165 : tensor<9269x32xf32>
    %og165 = meld.mul %omb2_165, %g165 : tensor<9269x32xf32>
    %v165n = meld.fma %og165, %g165, %vb165 : tensor<9269x32xf32>
    %sq165 = meld.sqrt %v165n : tensor<9269x32xf32>
    %sc165 = meld.div %sq165, %bc2_sqrt_165 : tensor<9269x32xf32>
    %den165 = meld.add %sc165, %eps_165 : tensor<9269x32xf32>
    %sm165 = meld.mul %step_size_165, %m165n : tensor<9269x32xf32>
    %q165 = meld.div %sm165, %den165 : tensor<9269x32xf32>
    %p165n = meld.add %p165, %q165 : tensor<9269x32xf32>
    %lerp_w_166 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %beta2_166 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %omb2_166 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %bc2_sqrt_166 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %eps_166 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %step_size_166 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %one166 = meld.constant dense<1.0> : tensor<14x16xf32>
    %half166 = meld.constant dense<0.5> : tensor<14x16xf32>
    %wabs166 = meld.abs %lerp_w_166 : tensor<14x16xf32>
    %small166 = meld.compare lt, %wabs166, %half166 : tensor<14x16xf32>
    %wm1166 = meld.sub %lerp_w_166, %one166 : tensor<14x16xf32>
    %coef166 = meld.select %small166, %lerp_w_166, %wm1166 : tensor<14x16xi1>, tensor<14x16xf32>
    %base166 = meld.select %small166, %m166, %g166 : tensor<14x16xi1>, tensor<14x16xf32>
    %gm166 = meld.sub %g166, %m166 : tensor<14x16xf32>
    %m166n = meld.fma %coef166, %gm166, %base166 : tensor<14x16xf32>
    %vb166 = meld.mul %v166, %beta2_166 : tensor<14x16xf32>
    %og166 = meld.mul %omb2_166, %g166 : tensor<14x16xf32>
    %v166n = meld.fma %og166, %g166, %vb166 : tensor<14x16xf32>
    %sq166 = meld.sqrt %v166n : tensor<14x16xf32>
    %sc166 = meld.div %sq166, %bc2_sqrt_166 : tensor<14x16xf32>
    %den166 = meld.add %sc166, %eps_166 : tensor<14x16xf32>
    %sm166 = meld.mul %step_size_166, %m166n : tensor<14x16xf32>
    %q166 = meld.div %sm166, %den166 : tensor<14x16xf32>
    %p166n = meld.add %p166, %q166 : tensor<14x16xf32>
    %lerp_w_167 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<31775xf32>
    %beta2_167 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<31775xf32>
    %omb2_167 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<31775xf32>
    %bc2_sqrt_167 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<31775xf32>
    %eps_167 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<31775xf32>
    %step_size_167 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<31775xf32>
    %one167 = meld.constant dense<1.0> : tensor<31775xf32>
    %half167 = meld.constant dense<0.5> : tensor<31775xf32>
    %wabs167 = meld.abs %lerp_w_167 : tensor<31775xf32>
    %small167 = meld.compare lt, %wabs167, %half167 : tensor<31775xf32>
    %wm1167 = meld.sub %lerp_w_167, %one167 : tensor<31775xf32>
    %coef167 = meld.select %small167, %lerp_w_167, %wm1167 : tensor<31775xi1>, tensor<31775xf32>
    %base167 = meld.select %small167, %m167, %g167 : tensor<31775xi1>, tensor<31775xf32>
    %gm167 = meld.sub %g167, %m167 : tensor<31775xf32>
    %m167n = meld.fma %coef167, %gm167, %base167 : tensor<31775xf32>
    %vb167 = meld.mul %v167, %beta2_167 : tensor<31775xf32>
    %og167 = meld.mul %omb2_167, %g167 : tensor<31775xf32>
    %v167n = meld.fma %og167, %g167, %vb167 : tensor<31775xf32>
    %sq167 = meld.sqrt %v167n : tensor<31775xf32>
    %sc167 = meld.div %sq167, %bc2_sqrt_167 : tensor<31775xf32>
    %den167 = meld.add %sc167, %eps_167 : tensor<31775xf32>
    %sm167 = meld.mul %step_size_167, %m167n : tensor<31775xf32>
    %q167 = meld.div %sm167, %den167 : tensor<31775xf32>
    %p167n = meld.add %p167, %q167 : tensor<31775xf32>
    %lerp_w_168 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_168 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_168 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_168 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_168 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_168 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one168 = meld.constant dense<1.0> : tensor<1xf32>
    %half168 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs168 = meld.abs %lerp_w_168 : tensor<1xf32>
    %small168 = meld.compare lt, %wabs168, %half168 : tensor<1xf32>
    %wm1168 = meld.sub %lerp_w_168, %one168 : tensor<1xf32>
    %coef168 = meld.select %small168, %lerp_w_168, %wm1168 : tensor<1xi1>, tensor<1xf32>
    %base168 = meld.select %small168, %m168, %g168 : tensor<1xi1>, tensor<1xf32>
    %gm168 = meld.sub %g168, %m168 : tensor<1xf32>
    %m168n = meld.fma %coef168, %gm168, %base168 : tensor<1xf32>
    %vb168 = meld.mul %v168, %beta2_168 : tensor<1xf32>
    %og168 = meld.mul %omb2_168, %g168 : tensor<1xf32>
    %v168n = meld.fma %og168, %g168, %vb168 : tensor<1xf32>
    %sq168 = meld.sqrt %v168n : tensor<1xf32>
    %sc168 = meld.div %sq168, %bc2_sqrt_168 : tensor<1xf32>
    %den168 = meld.add %sc168, %eps_168 : tensor<1xf32>
    %sm168 = meld.mul %step_size_168, %m168n : tensor<1xf32>
    %q168 = meld.div %sm168, %den168 : tensor<1xf32>
    %p168n = meld.add %p168, %q168 : tensor<1xf32>
    %lerp_w_169 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<758xf32>
    %beta2_169 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<758xf32>
    %omb2_169 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<758xf32>
    %bc2_sqrt_169 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<758xf32>
    %eps_169 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<758xf32>
    %step_size_169 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<758xf32>
    %one169 = meld.constant dense<1.0> : tensor<758xf32>
    %half169 = meld.constant dense<0.5> : tensor<758xf32>
    %wabs169 = meld.abs %lerp_w_169 : tensor<758xf32>
    %small169 = meld.compare lt, %wabs169, %half169 : tensor<758xf32>
    %wm1169 = meld.sub %lerp_w_169, %one169 : tensor<758xf32>
    %coef169 = meld.select %small169, %lerp_w_169, %wm1169 : tensor<758xi1>, tensor<758xf32>
    %base169 = meld.select %small169, %m169, %g169 : tensor<758xi1>, tensor<758xf32>
    %gm169 = meld.sub %g169, %m169 : tensor<758xf32>
    %m169n = meld.fma %coef169, %gm169, %base169 : tensor<758xf32>
    %vb169 = meld.mul %v169, %beta2_169 : tensor<758xf32>
    %og169 = meld.mul %omb2_169, %g169 : tensor<758xf32>
    %v169n = meld.fma %og169, %g169, %vb169 : tensor<758xf32>
    %sq169 = meld.sqrt %v169n : tensor<758xf32>
    %sc169 = meld.div %sq169, %bc2_sqrt_169 : tensor<758xf32>
    %den169 = meld.add %sc169, %eps_169 : tensor<758xf32>
    %sm169 = meld.mul %step_size_169, %m169n : tensor<758xf32>
    %q169 = meld.div %sm169, %den169 : tensor<758xf32>
    %p169n = meld.add %p169, %q169 : tensor<758xf32>
    %lerp_w_170 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<12xf32>
    %beta2_170 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<12xf32>
    %omb2_170 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<12xf32>
    %bc2_sqrt_170 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_170 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %step_size_170 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<12xf32>
    %one170 = meld.constant dense<1.0> : tensor<12xf32>
    %half170 = meld.constant dense<0.5> : tensor<12xf32>
    %wabs170 = meld.abs %lerp_w_170 : tensor<12xf32>
    %small170 = meld.compare lt, %wabs170, %half170 : tensor<12xf32>
    %wm1170 = meld.sub %lerp_w_170, %one170 : tensor<12xf32>
    %coef170 = meld.select %small170, %lerp_w_170, %wm1170 : tensor<12xi1>, tensor<12xf32>
    %base170 = meld.select %small170, %m170, %g170 : tensor<12xi1>, tensor<12xf32>
    %gm170 = meld.sub %g170, %m170 : tensor<12xf32>
    %m170n = meld.fma %coef170, %gm170, %base170 : tensor<12xf32>
    %vb170 = meld.mul %v170, %beta2_170 : tensor<12xf32>
    %og170 = meld.mul %omb2_170, %g170 : tensor<12xf32>
    %v170n = meld.fma %og170, %g170, %vb170 : tensor<12xf32>
    %sq170 = meld.sqrt %v170n : tensor<12xf32>
    %sc170 = meld.div %sq170, %bc2_sqrt_170 : tensor<12xf32>
    %den170 = meld.add %sc170, %eps_170 : tensor<12xf32>
    %sm170 = meld.mul %step_size_170, %m170n : tensor<12xf32>
    %q170 = meld.div %sm170, %den170 : tensor<12xf32>
    %p170n = meld.add %p170, %q170 : tensor<12xf32>
    %lerp_w_171 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %beta2_171 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %omb2_171 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %bc2_sqrt_171 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %eps_171 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %step_size_171 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %one171 = meld.constant dense<1.0> : tensor<32x16xf32>
    %half171 = meld.constant dense<0.5> : tensor<32x16xf32>
    %wabs171 = meld.abs %lerp_w_171 : tensor<32x16xf32>
    %small171 = meld.compare lt, %wabs171, %half171 : tensor<32x16xf32>
    %wm1171 = meld.sub %lerp_w_171, %one171 : tensor<32x16xf32>
    %coef171 = meld.select %small171, %lerp_w_171, %wm1171 : tensor<32x16xi1>, tensor<32x16xf32>
    %base171 = meld.select %small171, %m171, %g171 : tensor<32x16xi1>, tensor<32x16xf32>
    %gm171 = meld.sub %g171, %m171 : tensor<32x16xf32>
    %m171n = meld.fma %coef171, %gm171, %base171 : tensor<32x16xf32>
    %vb171 = meld.mul %v171, %beta2_171 : tensor<32x16xf32>
    %og171 = meld.mul %omb2_171, %g171 : tensor<32x16xf32>
    %v171n = meld.fma %og171, %g171, %vb171 : tensor<32x16xf32>
    %sq171 = meld.sqrt %v171n : tensor<32x16xf32>
    %sc171 = meld.div %sq171, %bc2_sqrt_171 : tensor<32x16xf32>
    %den171 = meld.add %sc171, %eps_171 : tensor<32x16xf32>
    %sm171 = meld.mul %step_size_171, %m171n : tensor<32x16xf32>
    %q171 = meld.div %sm171, %den171 : tensor<32x16xf32>
    %p171n = meld.add %p171, %q171 : tensor<32x16xf32>
    %lerp_w_172 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<289009xf32>
    %beta2_172 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<289009xf32>
    %omb2_172 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<289009xf32>
    %bc2_sqrt_172 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<289009xf32>
    %eps_172 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<289009xf32>
    %step_size_172 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<289009xf32>
    %one172 = meld.constant dense<1.0> : tensor<289009xf32>
    %half172 = meld.constant dense<0.5> : tensor<289009xf32>
    %wabs172 = meld.abs %lerp_w_172 : tensor<289009xf32>
    %small172 = meld.compare lt, %wabs172, %half172 : tensor<289009xf32>
    %wm1172 = meld.sub %lerp_w_172, %one172 : tensor<289009xf32>
    %coef172 = meld.select %small172, %lerp_w_172, %wm1172 : tensor<289009xi1>, tensor<289009xf32>
    %base172 = meld.select %small172, %m172, %g172 : tensor<289009xi1>, tensor<289009xf32>
    %gm172 = meld.sub %g172, %m172 : tensor<289009xf32>
    %m172n = meld.fma %coef172, %gm172, %base172 : tensor<289009xf32>
    %vb172 = meld.mul %v172, %beta2_172 : tensor<289009xf32>
    %og172 = meld.mul %omb2_172, %g172 : tensor<289009xf32>
    %v172n = meld.fma %og172, %g172, %vb172 : tensor<289009xf32>
    %sq172 = meld.sqrt %v172n : tensor<289009xf32>
    %sc172 = meld.div %sq172, %bc2_sqrt_172 : tensor<289009xf32>
    %den172 = meld.add %sc172, %eps_172 : tensor<289009xf32>
    %sm172 = meld.mul %step_size_172, %m172n : tensor<289009xf32>
    %q172 = meld.div %sm172, %den172 : tensor<289009xf32>
    %p172n = meld.add %p172, %q172 : tensor<289009xf32>
    %lerp_w_173 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %beta2_173 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %omb2_173 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %bc2_sqrt_173 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %eps_173 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %step_size_173 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %one173 = meld.constant dense<1.0> : tensor<27x96xf32>
    %half173 = meld.constant dense<0.5> : tensor<27x96xf32>
    %wabs173 = meld.abs %lerp_w_173 : tensor<27x96xf32>
    %small173 = meld.compare lt, %wabs173, %half173 : tensor<27x96xf32>
    %wm1173 = meld.sub %lerp_w_173, %one173 : tensor<27x96xf32>
    %coef173 = meld.select %small173, %lerp_w_173, %wm1173 : tensor<27x96xi1>, tensor<27x96xf32>
    %base173 = meld.select %small173, %m173, %g173 : tensor<27x96xi1>, tensor<27x96xf32>
    %gm173 = meld.sub %g173, %m173 : tensor<27x96xf32>
    %m173n = meld.fma %coef173, %gm173, %base173 : tensor<27x96xf32>
    %vb173 = meld.mul %v173, %beta2_173 : tensor<27x96xf32>
    %og173 = meld.mul %omb2_173, %g173 : tensor<27x96xf32>
    %v173n = meld.fma %og173, %g173, %vb173 : tensor<27x96xf32>
    %sq173 = meld.sqrt %v173n : tensor<27x96xf32>
    %sc173 = meld.div %sq173, %bc2_sqrt_173 : tensor<27x96xf32>
    %den173 = meld.add %sc173, %eps_173 : tensor<27x96xf32>
    %sm173 = meld.mul %step_size_173, %m173n : tensor<27x96xf32>
    %q173 = meld.div %sm173, %den173 : tensor<27x96xf32>
    %p173n = meld.add %p173, %q173 : tensor<27x96xf32>
    %lerp_w_174 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %beta2_174 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %omb2_174 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %bc2_sqrt_174 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %eps_174 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %step_size_174 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %one174 = meld.constant dense<1.0> : tensor<3x32xf32>
    %half174 = meld.constant dense<0.5> : tensor<3x32xf32>
    %wabs174 = meld.abs %lerp_w_174 : tensor<3x32xf32>
    %small174 = meld.compare lt, %wabs174, %half174 : tensor<3x32xf32>
    %wm1174 = meld.sub %lerp_w_174, %one174 : tensor<3x32xf32>
    %coef174 = meld.select %small174, %lerp_w_174, %wm1174 : tensor<3x32xi1>, tensor<3x32xf32>
    %base174 = meld.select %small174, %m174, %g174 : tensor<3x32xi1>, tensor<3x32xf32>
    %gm174 = meld.sub %g174, %m174 : tensor<3x32xf32>
    %m174n = meld.fma %coef174, %gm174, %base174 : tensor<3x32xf32>
    %vb174 = meld.mul %v174, %beta2_174 : tensor<3x32xf32>
    %og174 = meld.mul %omb2_174, %g174 : tensor<3x32xf32>
    %v174n = meld.fma %og174, %g174, %vb174 : tensor<3x32xf32>
    %sq174 = meld.sqrt %v174n : tensor<3x32xf32>
    %sc174 = meld.div %sq174, %bc2_sqrt_174 : tensor<3x32xf32>
    %den174 = meld.add %sc174, %eps_174 : tensor<3x32xf32>
    %sm174 = meld.mul %step_size_174, %m174n : tensor<3x32xf32>
    %q174 = meld.div %sm174, %den174 : tensor<3x32xf32>
    %p174n = meld.add %p174, %q174 : tensor<3x32xf32>
    %lerp_w_175 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3xf32>
    %beta2_175 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3xf32>
    %omb2_175 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3xf32>
    %bc2_sqrt_175 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_175 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %step_size_175 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3xf32>
    %one175 = meld.constant dense<1.0> : tensor<3xf32>
    %half175 = meld.constant dense<0.5> : tensor<3xf32>
    %wabs175 = meld.abs %lerp_w_175 : tensor<3xf32>
    %small175 = meld.compare lt, %wabs175, %half175 : tensor<3xf32>
    %wm1175 = meld.sub %lerp_w_175, %one175 : tensor<3xf32>
    %coef175 = meld.select %small175, %lerp_w_175, %wm1175 : tensor<3xi1>, tensor<3xf32>
    %base175 = meld.select %small175, %m175, %g175 : tensor<3xi1>, tensor<3xf32>
    %gm175 = meld.sub %g175, %m175 : tensor<3xf32>
    %m175n = meld.fma %coef175, %gm175, %base175 : tensor<3xf32>
    %vb175 = meld.mul %v175, %beta2_175 : tensor<3xf32>
    %og175 = meld.mul %omb2_175, %g175 : tensor<3xf32>
    %v175n = meld.fma %og175, %g175, %vb175 : tensor<3xf32>
    %sq175 = meld.sqrt %v175n : tensor<3xf32>
    %sc175 = meld.div %sq175, %bc2_sqrt_175 : tensor<3xf32>
    %den175 = meld.add %sc175, %eps_175 : tensor<3xf32>
    %sm175 = meld.mul %step_size_175, %m175n : tensor<3xf32>
    %q175 = meld.div %sm175, %den175 : tensor<3xf32>
    %p175n = meld.add %p175, %q175 : tensor<3xf32>
    %lerp_w_176 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %beta2_176 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %omb2_176 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %bc2_sqrt_176 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %eps_176 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %step_size_176 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %one176 = meld.constant dense<1.0> : tensor<14x128xf32>
    %half176 = meld.constant dense<0.5> : tensor<14x128xf32>
    %wabs176 = meld.abs %lerp_w_176 : tensor<14x128xf32>
    %small176 = meld.compare lt, %wabs176, %half176 : tensor<14x128xf32>
    %wm1176 = meld.sub %lerp_w_176, %one176 : tensor<14x128xf32>
    %coef176 = meld.select %small176, %lerp_w_176, %wm1176 : tensor<14x128xi1>, tensor<14x128xf32>
    %base176 = meld.select %small176, %m176, %g176 : tensor<14x128xi1>, tensor<14x128xf32>
    %gm176 = meld.sub %g176, %m176 : tensor<14x128xf32>
    %m176n = meld.fma %coef176, %gm176, %base176 : tensor<14x128xf32>
    %vb176 = meld.mul %v176, %beta2_176 : tensor<14x128xf32>
    %og176 = meld.mul %omb2_176, %g176 : tensor<14x128xf32>
    %v176n = meld.fma %og176, %g176, %vb176 : tensor<14x128xf32>
    %sq176 = meld.sqrt %v176n : tensor<14x128xf32>
    %sc176 = meld.div %sq176, %bc2_sqrt_176 : tensor<14x128xf32>
    %den176 = meld.add %sc176, %eps_176 : tensor<14x128xf32>
    %sm176 = meld.mul %step_size_176, %m176n : tensor<14x128xf32>
    %q176 = meld.div %sm176, %den176 : tensor<14x128xf32>
    %p176n = meld.add %p176, %q176 : tensor<14x128xf32>
    %lerp_w_177 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<167xf32>
    %beta2_177 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<167xf32>
    %omb2_177 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<167xf32>
    %bc2_sqrt_177 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<167xf32>
    %eps_177 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<167xf32>
    %step_size_177 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<167xf32>
    %one177 = meld.constant dense<1.0> : tensor<167xf32>
    %half177 = meld.constant dense<0.5> : tensor<167xf32>
    %wabs177 = meld.abs %lerp_w_177 : tensor<167xf32>
    %small177 = meld.compare lt, %wabs177, %half177 : tensor<167xf32>
    %wm1177 = meld.sub %lerp_w_177, %one177 : tensor<167xf32>
    %coef177 = meld.select %small177, %lerp_w_177, %wm1177 : tensor<167xi1>, tensor<167xf32>
    %base177 = meld.select %small177, %m177, %g177 : tensor<167xi1>, tensor<167xf32>
    %gm177 = meld.sub %g177, %m177 : tensor<167xf32>
    %m177n = meld.fma %coef177, %gm177, %base177 : tensor<167xf32>
    %vb177 = meld.mul %v177, %beta2_177 : tensor<167xf32>
    %og177 = meld.mul %omb2_177, %g177 : tensor<167xf32>
    %v177n = meld.fma %og177, %g177, %vb177 : tensor<167xf32>
    %sq177 = meld.sqrt %v177n : tensor<167xf32>
    %sc177 = meld.div %sq177, %bc2_sqrt_177 : tensor<167xf32>
    %den177 = meld.add %sc177, %eps_177 : tensor<167xf32>
    %sm177 = meld.mul %step_size_177, %m177n : tensor<167xf32>
    %q177 = meld.div %sm177, %den177 : tensor<167xf32>
    %p177n = meld.add %p177, %q177 : tensor<167xf32>
    %lerp_w_178 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %beta2_178 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %omb2_178 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %bc2_sqrt_178 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %eps_178 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %step_size_178 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %one178 = meld.constant dense<1.0> : tensor<1001x64xf32>
    %half178 = meld.constant dense<0.5> : tensor<1001x64xf32>
    %wabs178 = meld.abs %lerp_w_178 : tensor<1001x64xf32>
    %small178 = meld.compare lt, %wabs178, %half178 : tensor<1001x64xf32>
    %wm1178 = meld.sub %lerp_w_178, %one178 : tensor<1001x64xf32>
    %coef178 = meld.select %small178, %lerp_w_178, %wm1178 : tensor<1001x64xi1>, tensor<1001x64xf32>
    %base178 = meld.select %small178, %m178, %g178 : tensor<1001x64xi1>, tensor<1001x64xf32>
    %gm178 = meld.sub %g178, %m178 : tensor<1001x64xf32>
    %m178n = meld.fma %coef178, %gm178, %base178 : tensor<1001x64xf32>
    %vb178 = meld.mul %v178, %beta2_178 : tensor<1001x64xf32>
    %og178 = meld.mul %omb2_178, %g178 : tensor<1001x64xf32>
    %v178n = meld.fma %og178, %g178, %vb178 : tensor<1001x64xf32>
    %sq178 = meld.sqrt %v178n : tensor<1001x64xf32>
    %sc178 = meld.div %sq178, %bc2_sqrt_178 : tensor<1001x64xf32>
    %den178 = meld.add %sc178, %eps_178 : tensor<1001x64xf32>
    %sm178 = meld.mul %step_size_178, %m178n : tensor<1001x64xf32>
    %q178 = meld.div %sm178, %den178 : tensor<1001x64xf32>
    %p178n = meld.add %p178, %q178 : tensor<1001x64xf32>
    %lerp_w_179 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<36759xf32>
    %beta2_179 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<36759xf32>
    %omb2_179 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<36759xf32>
    %bc2_sqrt_179 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<36759xf32>
    %eps_179 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<36759xf32>
    %step_size_179 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<36759xf32>
    %one179 = meld.constant dense<1.0> : tensor<36759xf32>
    %half179 = meld.constant dense<0.5> : tensor<36759xf32>
    %wabs179 = meld.abs %lerp_w_179 : tensor<36759xf32>
    %small179 = meld.compare lt, %wabs179, %half179 : tensor<36759xf32>
    %wm1179 = meld.sub %lerp_w_179, %one179 : tensor<36759xf32>
    %coef179 = meld.select %small179, %lerp_w_179, %wm1179 : tensor<36759xi1>, tensor<36759xf32>
    %base179 = meld.select %small179, %m179, %g179 : tensor<36759xi1>, tensor<36759xf32>
    %gm179 = meld.sub %g179, %m179 : tensor<36759xf32>
    %m179n = meld.fma %coef179, %gm179, %base179 : tensor<36759xf32>
    %vb179 = meld.mul %v179, %beta2_179 : tensor<36759xf32>
    %og179 = meld.mul %omb2_179, %g179 : tensor<36759xf32>
    %v179n = meld.fma %og179, %g179, %vb179 : tensor<36759xf32>
    %sq179 = meld.sqrt %v179n : tensor<36759xf32>
    %sc179 = meld.div %sq179, %bc2_sqrt_179 : tensor<36759xf32>
    %den179 = meld.add %sc179, %eps_179 : tensor<36759xf32>
    %sm179 = meld.mul %step_size_179, %m179n : tensor<36759xf32>
    %q179 = meld.div %sm179, %den179 : tensor<36759xf32>
    %p179n = meld.add %p179, %q179 : tensor<36759xf32>
    %lerp_w_180 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3008xf32>
    %beta2_180 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3008xf32>
    %omb2_180 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3008xf32>
    %bc2_sqrt_180 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3008xf32>
    %eps_180 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3008xf32>
    %step_size_180 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3008xf32>
    %one180 = meld.constant dense<1.0> : tensor<3008xf32>
    %half180 = meld.constant dense<0.5> : tensor<3008xf32>
    %wabs180 = meld.abs %lerp_w_180 : tensor<3008xf32>
    %small180 = meld.compare lt, %wabs180, %half180 : tensor<3008xf32>
    %wm1180 = meld.sub %lerp_w_180, %one180 : tensor<3008xf32>
    %coef180 = meld.select %small180, %lerp_w_180, %wm1180 : tensor<3008xi1>, tensor<3008xf32>
    %base180 = meld.select %small180, %m180, %g180 : tensor<3008xi1>, tensor<3008xf32>
    %gm180 = meld.sub %g180, %m180 : tensor<3008xf32>
    %m180n = meld.fma %coef180, %gm180, %base180 : tensor<3008xf32>
    %vb180 = meld.mul %v180, %beta2_180 : tensor<3008xf32>
    %og180 = meld.mul %omb2_180, %g180 : tensor<3008xf32>
    %v180n = meld.fma %og180, %g180, %vb180 : tensor<3008xf32>
    %sq180 = meld.sqrt %v180n : tensor<3008xf32>
    %sc180 = meld.div %sq180, %bc2_sqrt_180 : tensor<3008xf32>
    %den180 = meld.add %sc180, %eps_180 : tensor<3008xf32>
    %sm180 = meld.mul %step_size_180, %m180n : tensor<3008xf32>
    %q180 = meld.div %sm180, %den180 : tensor<3008xf32>
    %p180n = meld.add %p180, %q180 : tensor<3008xf32>
    %lerp_w_181 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<939xf32>
    %beta2_181 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<939xf32>
    %omb2_181 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<939xf32>
    %bc2_sqrt_181 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<939xf32>
    %eps_181 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<939xf32>
    %step_size_181 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<939xf32>
    %one181 = meld.constant dense<1.0> : tensor<939xf32>
    %half181 = meld.constant dense<0.5> : tensor<939xf32>
    %wabs181 = meld.abs %lerp_w_181 : tensor<939xf32>
    %small181 = meld.compare lt, %wabs181, %half181 : tensor<939xf32>
    %wm1181 = meld.sub %lerp_w_181, %one181 : tensor<939xf32>
    %coef181 = meld.select %small181, %lerp_w_181, %wm1181 : tensor<939xi1>, tensor<939xf32>
    %base181 = meld.select %small181, %m181, %g181 : tensor<939xi1>, tensor<939xf32>
    %gm181 = meld.sub %g181, %m181 : tensor<939xf32>
    %m181n = meld.fma %coef181, %gm181, %base181 : tensor<939xf32>
    %vb181 = meld.mul %v181, %beta2_181 : tensor<939xf32>
    %og181 = meld.mul %omb2_181, %g181 : tensor<939xf32>
    %v181n = meld.fma %og181, %g181, %vb181 : tensor<939xf32>
    %sq181 = meld.sqrt %v181n : tensor<939xf32>
    %sc181 = meld.div %sq181, %bc2_sqrt_181 : tensor<939xf32>
    %den181 = meld.add %sc181, %eps_181 : tensor<939xf32>
    %sm181 = meld.mul %step_size_181, %m181n : tensor<939xf32>
    %q181 = meld.div %sm181, %den181 : tensor<939xf32>
    %p181n = meld.add %p181, %q181 : tensor<939xf32>
    %lerp_w_182 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1xf32>
    %beta2_182 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1xf32>
    %omb2_182 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1xf32>
    %bc2_sqrt_182 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_182 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %step_size_182 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1xf32>
    %one182 = meld.constant dense<1.0> : tensor<1xf32>
    %half182 = meld.constant dense<0.5> : tensor<1xf32>
    %wabs182 = meld.abs %lerp_w_182 : tensor<1xf32>
    %small182 = meld.compare lt, %wabs182, %half182 : tensor<1xf32>
    %wm1182 = meld.sub %lerp_w_182, %one182 : tensor<1xf32>
    %coef182 = meld.select %small182, %lerp_w_182, %wm1182 : tensor<1xi1>, tensor<1xf32>
    %base182 = meld.select %small182, %m182, %g182 : tensor<1xi1>, tensor<1xf32>
    %gm182 = meld.sub %g182, %m182 : tensor<1xf32>
    %m182n = meld.fma %coef182, %gm182, %base182 : tensor<1xf32>
    %vb182 = meld.mul %v182, %beta2_182 : tensor<1xf32>
    %og182 = meld.mul %omb2_182, %g182 : tensor<1xf32>
    %v182n = meld.fma %og182, %g182, %vb182 : tensor<1xf32>
    %sq182 = meld.sqrt %v182n : tensor<1xf32>
    %sc182 = meld.div %sq182, %bc2_sqrt_182 : tensor<1xf32>
    %den182 = meld.add %sc182, %eps_182 : tensor<1xf32>
    %sm182 = meld.mul %step_size_182, %m182n : tensor<1xf32>
    %q182 = meld.div %sm182, %den182 : tensor<1xf32>
    %p182n = meld.add %p182, %q182 : tensor<1xf32>
    %lerp_w_183 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<7321xf32>
    %beta2_183 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<7321xf32>
    %omb2_183 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<7321xf32>
    %bc2_sqrt_183 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<7321xf32>
    %eps_183 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<7321xf32>
    %step_size_183 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<7321xf32>
    %one183 = meld.constant dense<1.0> : tensor<7321xf32>
    %half183 = meld.constant dense<0.5> : tensor<7321xf32>
    %wabs183 = meld.abs %lerp_w_183 : tensor<7321xf32>
    %small183 = meld.compare lt, %wabs183, %half183 : tensor<7321xf32>
    %wm1183 = meld.sub %lerp_w_183, %one183 : tensor<7321xf32>
    %coef183 = meld.select %small183, %lerp_w_183, %wm1183 : tensor<7321xi1>, tensor<7321xf32>
    %base183 = meld.select %small183, %m183, %g183 : tensor<7321xi1>, tensor<7321xf32>
    %gm183 = meld.sub %g183, %m183 : tensor<7321xf32>
    %m183n = meld.fma %coef183, %gm183, %base183 : tensor<7321xf32>
    %vb183 = meld.mul %v183, %beta2_183 : tensor<7321xf32>
    %og183 = meld.mul %omb2_183, %g183 : tensor<7321xf32>
    %v183n = meld.fma %og183, %g183, %vb183 : tensor<7321xf32>
    %sq183 = meld.sqrt %v183n : tensor<7321xf32>
    %sc183 = meld.div %sq183, %bc2_sqrt_183 : tensor<7321xf32>
    %den183 = meld.add %sc183, %eps_183 : tensor<7321xf32>
    %sm183 = meld.mul %step_size_183, %m183n : tensor<7321xf32>
    %q183 = meld.div %sm183, %den183 : tensor<7321xf32>
    %p183n = meld.add %p183, %q183 : tensor<7321xf32>
    %lerp_w_184 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<55xf32>
    %beta2_184 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<55xf32>
    %omb2_184 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<55xf32>
    %bc2_sqrt_184 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<55xf32>
    %eps_184 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<55xf32>
    %step_size_184 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<55xf32>
    %one184 = meld.constant dense<1.0> : tensor<55xf32>
    %half184 = meld.constant dense<0.5> : tensor<55xf32>
    %wabs184 = meld.abs %lerp_w_184 : tensor<55xf32>
    %small184 = meld.compare lt, %wabs184, %half184 : tensor<55xf32>
    %wm1184 = meld.sub %lerp_w_184, %one184 : tensor<55xf32>
    %coef184 = meld.select %small184, %lerp_w_184, %wm1184 : tensor<55xi1>, tensor<55xf32>
    %base184 = meld.select %small184, %m184, %g184 : tensor<55xi1>, tensor<55xf32>
    %gm184 = meld.sub %g184, %m184 : tensor<55xf32>
    %m184n = meld.fma %coef184, %gm184, %base184 : tensor<55xf32>
    %vb184 = meld.mul %v184, %beta2_184 : tensor<55xf32>
    %og184 = meld.mul %omb2_184, %g184 : tensor<55xf32>
    %v184n = meld.fma %og184, %g184, %vb184 : tensor<55xf32>
    %sq184 = meld.sqrt %v184n : tensor<55xf32>
    %sc184 = meld.div %sq184, %bc2_sqrt_184 : tensor<55xf32>
    %den184 = meld.add %sc184, %eps_184 : tensor<55xf32>
    %sm184 = meld.mul %step_size_184, %m184n : tensor<55xf32>
    %q184 = meld.div %sm184, %den184 : tensor<55xf32>
    %p184n = meld.add %p184, %q184 : tensor<55xf32>
    %lerp_w_185 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<57xf32>
    %beta2_185 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<57xf32>
    %omb2_185 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<57xf32>
    %bc2_sqrt_185 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<57xf32>
    %eps_185 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<57xf32>
    %step_size_185 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<57xf32>
    %one185 = meld.constant dense<1.0> : tensor<57xf32>
    %half185 = meld.constant dense<0.5> : tensor<57xf32>
    %wabs185 = meld.abs %lerp_w_185 : tensor<57xf32>
    %small185 = meld.compare lt, %wabs185, %half185 : tensor<57xf32>
    %wm1185 = meld.sub %lerp_w_185, %one185 : tensor<57xf32>
    %coef185 = meld.select %small185, %lerp_w_185, %wm1185 : tensor<57xi1>, tensor<57xf32>
    %base185 = meld.select %small185, %m185, %g185 : tensor<57xi1>, tensor<57xf32>
    %gm185 = meld.sub %g185, %m185 : tensor<57xf32>
    %m185n = meld.fma %coef185, %gm185, %base185 : tensor<57xf32>
    %vb185 = meld.mul %v185, %beta2_185 : tensor<57xf32>
    %og185 = meld.mul %omb2_185, %g185 : tensor<57xf32>
    %v185n = meld.fma %og185, %g185, %vb185 : tensor<57xf32>
    %sq185 = meld.sqrt %v185n : tensor<57xf32>
    %sc185 = meld.div %sq185, %bc2_sqrt_185 : tensor<57xf32>
    %den185 = meld.add %sc185, %eps_185 : tensor<57xf32>
    %sm185 = meld.mul %step_size_185, %m185n : tensor<57xf32>
    %q185 = meld.div %sm185, %den185 : tensor<57xf32>
    %p185n = meld.add %p185, %q185 : tensor<57xf32>
    %lerp_w_186 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<751xf32>
    %beta2_186 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<751xf32>
    %omb2_186 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<751xf32>
    %bc2_sqrt_186 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<751xf32>
    %eps_186 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<751xf32>
    %step_size_186 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<751xf32>
    %one186 = meld.constant dense<1.0> : tensor<751xf32>
    %half186 = meld.constant dense<0.5> : tensor<751xf32>
    %wabs186 = meld.abs %lerp_w_186 : tensor<751xf32>
    %small186 = meld.compare lt, %wabs186, %half186 : tensor<751xf32>
    %wm1186 = meld.sub %lerp_w_186, %one186 : tensor<751xf32>
    %coef186 = meld.select %small186, %lerp_w_186, %wm1186 : tensor<751xi1>, tensor<751xf32>
    %base186 = meld.select %small186, %m186, %g186 : tensor<751xi1>, tensor<751xf32>
    %gm186 = meld.sub %g186, %m186 : tensor<751xf32>
    %m186n = meld.fma %coef186, %gm186, %base186 : tensor<751xf32>
    %vb186 = meld.mul %v186, %beta2_186 : tensor<751xf32>
    %og186 = meld.mul %omb2_186, %g186 : tensor<751xf32>
    %v186n = meld.fma %og186, %g186, %vb186 : tensor<751xf32>
    %sq186 = meld.sqrt %v186n : tensor<751xf32>
    %sc186 = meld.div %sq186, %bc2_sqrt_186 : tensor<751xf32>
    %den186 = meld.add %sc186, %eps_186 : tensor<751xf32>
    %sm186 = meld.mul %step_size_186, %m186n : tensor<751xf32>
    %q186 = meld.div %sm186, %den186 : tensor<751xf32>
    %p186n = meld.add %p186, %q186 : tensor<751xf32>
    %lerp_w_187 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %beta2_187 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %omb2_187 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %bc2_sqrt_187 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %eps_187 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %step_size_187 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %one187 = meld.constant dense<1.0> : tensor<20x96xf32>
    %half187 = meld.constant dense<0.5> : tensor<20x96xf32>
    %wabs187 = meld.abs %lerp_w_187 : tensor<20x96xf32>
    %small187 = meld.compare lt, %wabs187, %half187 : tensor<20x96xf32>
    %wm1187 = meld.sub %lerp_w_187, %one187 : tensor<20x96xf32>
    %coef187 = meld.select %small187, %lerp_w_187, %wm1187 : tensor<20x96xi1>, tensor<20x96xf32>
    %base187 = meld.select %small187, %m187, %g187 : tensor<20x96xi1>, tensor<20x96xf32>
    %gm187 = meld.sub %g187, %m187 : tensor<20x96xf32>
    %m187n = meld.fma %coef187, %gm187, %base187 : tensor<20x96xf32>
    %vb187 = meld.mul %v187, %beta2_187 : tensor<20x96xf32>
    %og187 = meld.mul %omb2_187, %g187 : tensor<20x96xf32>
    %v187n = meld.fma %og187, %g187, %vb187 : tensor<20x96xf32>
    %sq187 = meld.sqrt %v187n : tensor<20x96xf32>
    %sc187 = meld.div %sq187, %bc2_sqrt_187 : tensor<20x96xf32>
    %den187 = meld.add %sc187, %eps_187 : tensor<20x96xf32>
    %sm187 = meld.mul %step_size_187, %m187n : tensor<20x96xf32>
    %q187 = meld.div %sm187, %den187 : tensor<20x96xf32>
    %p187n = meld.add %p187, %q187 : tensor<20x96xf32>
    %lerp_w_188 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1559xf32>
    %beta2_188 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1559xf32>
    %omb2_188 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1559xf32>
    %bc2_sqrt_188 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1559xf32>
    %eps_188 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1559xf32>
    %step_size_188 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1559xf32>
    %one188 = meld.constant dense<1.0> : tensor<1559xf32>
    %half188 = meld.constant dense<0.5> : tensor<1559xf32>
    %wabs188 = meld.abs %lerp_w_188 : tensor<1559xf32>
    %small188 = meld.compare lt, %wabs188, %half188 : tensor<1559xf32>
    %wm1188 = meld.sub %lerp_w_188, %one188 : tensor<1559xf32>
    %coef188 = meld.select %small188, %lerp_w_188, %wm1188 : tensor<1559xi1>, tensor<1559xf32>
    %base188 = meld.select %small188, %m188, %g188 : tensor<1559xi1>, tensor<1559xf32>
    %gm188 = meld.sub %g188, %m188 : tensor<1559xf32>
    %m188n = meld.fma %coef188, %gm188, %base188 : tensor<1559xf32>
    %vb188 = meld.mul %v188, %beta2_188 : tensor<1559xf32>
    %og188 = meld.mul %omb2_188, %g188 : tensor<1559xf32>
    %v188n = meld.fma %og188, %g188, %vb188 : tensor<1559xf32>
    %sq188 = meld.sqrt %v188n : tensor<1559xf32>
    %sc188 = meld.div %sq188, %bc2_sqrt_188 : tensor<1559xf32>
    %den188 = meld.add %sc188, %eps_188 : tensor<1559xf32>
    %sm188 = meld.mul %step_size_188, %m188n : tensor<1559xf32>
    %q188 = meld.div %sm188, %den188 : tensor<1559xf32>
    %p188n = meld.add %p188, %q188 : tensor<1559xf32>
    %lerp_w_189 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %beta2_189 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %omb2_189 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %bc2_sqrt_189 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %eps_189 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %step_size_189 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %one189 = meld.constant dense<1.0> : tensor<1645x16xf32>
    %half189 = meld.constant dense<0.5> : tensor<1645x16xf32>
    %wabs189 = meld.abs %lerp_w_189 : tensor<1645x16xf32>
    %small189 = meld.compare lt, %wabs189, %half189 : tensor<1645x16xf32>
    %wm1189 = meld.sub %lerp_w_189, %one189 : tensor<1645x16xf32>
    %coef189 = meld.select %small189, %lerp_w_189, %wm1189 : tensor<1645x16xi1>, tensor<1645x16xf32>
    %base189 = meld.select %small189, %m189, %g189 : tensor<1645x16xi1>, tensor<1645x16xf32>
    %gm189 = meld.sub %g189, %m189 : tensor<1645x16xf32>
    %m189n = meld.fma %coef189, %gm189, %base189 : tensor<1645x16xf32>
    %vb189 = meld.mul %v189, %beta2_189 : tensor<1645x16xf32>
    %og189 = meld.mul %omb2_189, %g189 : tensor<1645x16xf32>
    %v189n = meld.fma %og189, %g189, %vb189 : tensor<1645x16xf32>
    %sq189 = meld.sqrt %v189n : tensor<1645x16xf32>
    %sc189 = meld.div %sq189, %bc2_sqrt_189 : tensor<1645x16xf32>
    %den189 = meld.add %sc189, %eps_189 : tensor<1645x16xf32>
    %sm189 = meld.mul %step_size_189, %m189n : tensor<1645x16xf32>
    %q189 = meld.div %sm189, %den189 : tensor<1645x16xf32>
    %p189n = meld.add %p189, %q189 : tensor<1645x16xf32>
    %lerp_w_190 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<674xf32>
    %beta2_190 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<674xf32>
    %omb2_190 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<674xf32>
    %bc2_sqrt_190 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<674xf32>
    %eps_190 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<674xf32>
    %step_size_190 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<674xf32>
    %one190 = meld.constant dense<1.0> : tensor<674xf32>
    %half190 = meld.constant dense<0.5> : tensor<674xf32>
    %wabs190 = meld.abs %lerp_w_190 : tensor<674xf32>
    %small190 = meld.compare lt, %wabs190, %half190 : tensor<674xf32>
    %wm1190 = meld.sub %lerp_w_190, %one190 : tensor<674xf32>
    %coef190 = meld.select %small190, %lerp_w_190, %wm1190 : tensor<674xi1>, tensor<674xf32>
    %base190 = meld.select %small190, %m190, %g190 : tensor<674xi1>, tensor<674xf32>
    %gm190 = meld.sub %g190, %m190 : tensor<674xf32>
    %m190n = meld.fma %coef190, %gm190, %base190 : tensor<674xf32>
    %vb190 = meld.mul %v190, %beta2_190 : tensor<674xf32>
    %og190 = meld.mul %omb2_190, %g190 : tensor<674xf32>
    %v190n = meld.fma %og190, %g190, %vb190 : tensor<674xf32>
    %sq190 = meld.sqrt %v190n : tensor<674xf32>
    %sc190 = meld.div %sq190, %bc2_sqrt_190 : tensor<674xf32>
    %den190 = meld.add %sc190, %eps_190 : tensor<674xf32>
    %sm190 = meld.mul %step_size_190, %m190n : tensor<674xf32>
    %q190 = meld.div %sm190, %den190 : tensor<674xf32>
    %p190n = meld.add %p190, %q190 : tensor<674xf32>
    %lerp_w_191 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<2xf32>
    %beta2_191 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<2xf32>
    %omb2_191 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<2xf32>
    %bc2_sqrt_191 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_191 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %step_size_191 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<2xf32>
    %one191 = meld.constant dense<1.0> : tensor<2xf32>
    %half191 = meld.constant dense<0.5> : tensor<2xf32>
    %wabs191 = meld.abs %lerp_w_191 : tensor<2xf32>
    %small191 = meld.compare lt, %wabs191, %half191 : tensor<2xf32>
    %wm1191 = meld.sub %lerp_w_191, %one191 : tensor<2xf32>
    %coef191 = meld.select %small191, %lerp_w_191, %wm1191 : tensor<2xi1>, tensor<2xf32>
    %base191 = meld.select %small191, %m191, %g191 : tensor<2xi1>, tensor<2xf32>
    %gm191 = meld.sub %g191, %m191 : tensor<2xf32>
    %m191n = meld.fma %coef191, %gm191, %base191 : tensor<2xf32>
    %vb191 = meld.mul %v191, %beta2_191 : tensor<2xf32>
    %og191 = meld.mul %omb2_191, %g191 : tensor<2xf32>
    %v191n = meld.fma %og191, %g191, %vb191 : tensor<2xf32>
    %sq191 = meld.sqrt %v191n : tensor<2xf32>
    %sc191 = meld.div %sq191, %bc2_sqrt_191 : tensor<2xf32>
    %den191 = meld.add %sc191, %eps_191 : tensor<2xf32>
    %sm191 = meld.mul %step_size_191, %m191n : tensor<2xf32>
    %q191 = meld.div %sm191, %den191 : tensor<2xf32>
    %p191n = meld.add %p191, %q191 : tensor<2xf32>
    %lerp_w_192 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<5xf32>
    %beta2_192 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<5xf32>
    %omb2_192 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<5xf32>
    %bc2_sqrt_192 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_192 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %step_size_192 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<5xf32>
    %one192 = meld.constant dense<1.0> : tensor<5xf32>
    %half192 = meld.constant dense<0.5> : tensor<5xf32>
    %wabs192 = meld.abs %lerp_w_192 : tensor<5xf32>
    %small192 = meld.compare lt, %wabs192, %half192 : tensor<5xf32>
    %wm1192 = meld.sub %lerp_w_192, %one192 : tensor<5xf32>
    %coef192 = meld.select %small192, %lerp_w_192, %wm1192 : tensor<5xi1>, tensor<5xf32>
    %base192 = meld.select %small192, %m192, %g192 : tensor<5xi1>, tensor<5xf32>
    %gm192 = meld.sub %g192, %m192 : tensor<5xf32>
    %m192n = meld.fma %coef192, %gm192, %base192 : tensor<5xf32>
    %vb192 = meld.mul %v192, %beta2_192 : tensor<5xf32>
    %og192 = meld.mul %omb2_192, %g192 : tensor<5xf32>
    %v192n = meld.fma %og192, %g192, %vb192 : tensor<5xf32>
    %sq192 = meld.sqrt %v192n : tensor<5xf32>
    %sc192 = meld.div %sq192, %bc2_sqrt_192 : tensor<5xf32>
    %den192 = meld.add %sc192, %eps_192 : tensor<5xf32>
    %sm192 = meld.mul %step_size_192, %m192n : tensor<5xf32>
    %q192 = meld.div %sm192, %den192 : tensor<5xf32>
    %p192n = meld.add %p192, %q192 : tensor<5xf32>
    %lerp_w_193 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<44xf32>
    %beta2_193 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<44xf32>
    %omb2_193 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<44xf32>
    %bc2_sqrt_193 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<44xf32>
    %eps_193 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<44xf32>
    %step_size_193 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<44xf32>
    %one193 = meld.constant dense<1.0> : tensor<44xf32>
    %half193 = meld.constant dense<0.5> : tensor<44xf32>
    %wabs193 = meld.abs %lerp_w_193 : tensor<44xf32>
    %small193 = meld.compare lt, %wabs193, %half193 : tensor<44xf32>
    %wm1193 = meld.sub %lerp_w_193, %one193 : tensor<44xf32>
    %coef193 = meld.select %small193, %lerp_w_193, %wm1193 : tensor<44xi1>, tensor<44xf32>
    %base193 = meld.select %small193, %m193, %g193 : tensor<44xi1>, tensor<44xf32>
    %gm193 = meld.sub %g193, %m193 : tensor<44xf32>
    %m193n = meld.fma %coef193, %gm193, %base193 : tensor<44xf32>
    %vb193 = meld.mul %v193, %beta2_193 : tensor<44xf32>
    %og193 = meld.mul %omb2_193, %g193 : tensor<44xf32>
    %v193n = meld.fma %og193, %g193, %vb193 : tensor<44xf32>
    %sq193 = meld.sqrt %v193n : tensor<44xf32>
    %sc193 = meld.div %sq193, %bc2_sqrt_193 : tensor<44xf32>
    %den193 = meld.add %sc193, %eps_193 : tensor<44xf32>
    %sm193 = meld.mul %step_size_193, %m193n : tensor<44xf32>
    %q193 = meld.div %sm193, %den193 : tensor<44xf32>
    %p193n = meld.add %p193, %q193 : tensor<44xf32>
    %lerp_w_194 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %beta2_194 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %omb2_194 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %bc2_sqrt_194 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %eps_194 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %step_size_194 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %one194 = meld.constant dense<1.0> : tensor<448x32xf32>
    %half194 = meld.constant dense<0.5> : tensor<448x32xf32>
    %wabs194 = meld.abs %lerp_w_194 : tensor<448x32xf32>
    %small194 = meld.compare lt, %wabs194, %half194 : tensor<448x32xf32>
    %wm1194 = meld.sub %lerp_w_194, %one194 : tensor<448x32xf32>
    %coef194 = meld.select %small194, %lerp_w_194, %wm1194 : tensor<448x32xi1>, tensor<448x32xf32>
    %base194 = meld.select %small194, %m194, %g194 : tensor<448x32xi1>, tensor<448x32xf32>
    %gm194 = meld.sub %g194, %m194 : tensor<448x32xf32>
    %m194n = meld.fma %coef194, %gm194, %base194 : tensor<448x32xf32>
    %vb194 = meld.mul %v194, %beta2_194 : tensor<448x32xf32>
    %og194 = meld.mul %omb2_194, %g194 : tensor<448x32xf32>
    %v194n = meld.fma %og194, %g194, %vb194 : tensor<448x32xf32>
    %sq194 = meld.sqrt %v194n : tensor<448x32xf32>
    %sc194 = meld.div %sq194, %bc2_sqrt_194 : tensor<448x32xf32>
    %den194 = meld.add %sc194, %eps_194 : tensor<448x32xf32>
    %sm194 = meld.mul %step_size_194, %m194n : tensor<448x32xf32>
    %q194 = meld.div %sm194, %den194 : tensor<448x32xf32>
    %p194n = meld.add %p194, %q194 : tensor<448x32xf32>
    %lerp_w_195 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<24279xf32>
    %beta2_195 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<24279xf32>
    %omb2_195 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<24279xf32>
    %bc2_sqrt_195 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<24279xf32>
    %eps_195 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<24279xf32>
    %step_size_195 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<24279xf32>
    %one195 = meld.constant dense<1.0> : tensor<24279xf32>
    %half195 = meld.constant dense<0.5> : tensor<24279xf32>
    %wabs195 = meld.abs %lerp_w_195 : tensor<24279xf32>
    %small195 = meld.compare lt, %wabs195, %half195 : tensor<24279xf32>
    %wm1195 = meld.sub %lerp_w_195, %one195 : tensor<24279xf32>
    %coef195 = meld.select %small195, %lerp_w_195, %wm1195 : tensor<24279xi1>, tensor<24279xf32>
    %base195 = meld.select %small195, %m195, %g195 : tensor<24279xi1>, tensor<24279xf32>
    %gm195 = meld.sub %g195, %m195 : tensor<24279xf32>
    %m195n = meld.fma %coef195, %gm195, %base195 : tensor<24279xf32>
    %vb195 = meld.mul %v195, %beta2_195 : tensor<24279xf32>
    %og195 = meld.mul %omb2_195, %g195 : tensor<24279xf32>
    %v195n = meld.fma %og195, %g195, %vb195 : tensor<24279xf32>
    %sq195 = meld.sqrt %v195n : tensor<24279xf32>
    %sc195 = meld.div %sq195, %bc2_sqrt_195 : tensor<24279xf32>
    %den195 = meld.add %sc195, %eps_195 : tensor<24279xf32>
    %sm195 = meld.mul %step_size_195, %m195n : tensor<24279xf32>
    %q195 = meld.div %sm195, %den195 : tensor<24279xf32>
    %p195n = meld.add %p195, %q195 : tensor<24279xf32>
    %lerp_w_196 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %beta2_196 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %omb2_196 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %bc2_sqrt_196 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %eps_196 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %step_size_196 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %one196 = meld.constant dense<1.0> : tensor<3x96xf32>
    %half196 = meld.constant dense<0.5> : tensor<3x96xf32>
    %wabs196 = meld.abs %lerp_w_196 : tensor<3x96xf32>
    %small196 = meld.compare lt, %wabs196, %half196 : tensor<3x96xf32>
    %wm1196 = meld.sub %lerp_w_196, %one196 : tensor<3x96xf32>
    %coef196 = meld.select %small196, %lerp_w_196, %wm1196 : tensor<3x96xi1>, tensor<3x96xf32>
    %base196 = meld.select %small196, %m196, %g196 : tensor<3x96xi1>, tensor<3x96xf32>
    %gm196 = meld.sub %g196, %m196 : tensor<3x96xf32>
    %m196n = meld.fma %coef196, %gm196, %base196 : tensor<3x96xf32>
    %vb196 = meld.mul %v196, %beta2_196 : tensor<3x96xf32>
    %og196 = meld.mul %omb2_196, %g196 : tensor<3x96xf32>
    %v196n = meld.fma %og196, %g196, %vb196 : tensor<3x96xf32>
    %sq196 = meld.sqrt %v196n : tensor<3x96xf32>
    %sc196 = meld.div %sq196, %bc2_sqrt_196 : tensor<3x96xf32>
    %den196 = meld.add %sc196, %eps_196 : tensor<3x96xf32>
    %sm196 = meld.mul %step_size_196, %m196n : tensor<3x96xf32>
    %q196 = meld.div %sm196, %den196 : tensor<3x96xf32>
    %p196n = meld.add %p196, %q196 : tensor<3x96xf32>
    %lerp_w_197 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %beta2_197 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %omb2_197 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %bc2_sqrt_197 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %eps_197 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %step_size_197 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %one197 = meld.constant dense<1.0> : tensor<673x128xf32>
    %half197 = meld.constant dense<0.5> : tensor<673x128xf32>
    %wabs197 = meld.abs %lerp_w_197 : tensor<673x128xf32>
    %small197 = meld.compare lt, %wabs197, %half197 : tensor<673x128xf32>
    %wm1197 = meld.sub %lerp_w_197, %one197 : tensor<673x128xf32>
    %coef197 = meld.select %small197, %lerp_w_197, %wm1197 : tensor<673x128xi1>, tensor<673x128xf32>
    %base197 = meld.select %small197, %m197, %g197 : tensor<673x128xi1>, tensor<673x128xf32>
    %gm197 = meld.sub %g197, %m197 : tensor<673x128xf32>
    %m197n = meld.fma %coef197, %gm197, %base197 : tensor<673x128xf32>
    %vb197 = meld.mul %v197, %beta2_197 : tensor<673x128xf32>
    %og197 = meld.mul %omb2_197, %g197 : tensor<673x128xf32>
    %v197n = meld.fma %og197, %g197, %vb197 : tensor<673x128xf32>
    %sq197 = meld.sqrt %v197n : tensor<673x128xf32>
    %sc197 = meld.div %sq197, %bc2_sqrt_197 : tensor<673x128xf32>
    %den197 = meld.add %sc197, %eps_197 : tensor<673x128xf32>
    %sm197 = meld.mul %step_size_197, %m197n : tensor<673x128xf32>
    %q197 = meld.div %sm197, %den197 : tensor<673x128xf32>
    %p197n = meld.add %p197, %q197 : tensor<673x128xf32>
    %lerp_w_198 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<3xf32>
    %beta2_198 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<3xf32>
    %omb2_198 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<3xf32>
    %bc2_sqrt_198 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_198 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %step_size_198 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<3xf32>
    %one198 = meld.constant dense<1.0> : tensor<3xf32>
    %half198 = meld.constant dense<0.5> : tensor<3xf32>
    %wabs198 = meld.abs %lerp_w_198 : tensor<3xf32>
    %small198 = meld.compare lt, %wabs198, %half198 : tensor<3xf32>
    %wm1198 = meld.sub %lerp_w_198, %one198 : tensor<3xf32>
    %coef198 = meld.select %small198, %lerp_w_198, %wm1198 : tensor<3xi1>, tensor<3xf32>
    %base198 = meld.select %small198, %m198, %g198 : tensor<3xi1>, tensor<3xf32>
    %gm198 = meld.sub %g198, %m198 : tensor<3xf32>
    %m198n = meld.fma %coef198, %gm198, %base198 : tensor<3xf32>
    %vb198 = meld.mul %v198, %beta2_198 : tensor<3xf32>
    %og198 = meld.mul %omb2_198, %g198 : tensor<3xf32>
    %v198n = meld.fma %og198, %g198, %vb198 : tensor<3xf32>
    %sq198 = meld.sqrt %v198n : tensor<3xf32>
    %sc198 = meld.div %sq198, %bc2_sqrt_198 : tensor<3xf32>
    %den198 = meld.add %sc198, %eps_198 : tensor<3xf32>
    %sm198 = meld.mul %step_size_198, %m198n : tensor<3xf32>
    %q198 = meld.div %sm198, %den198 : tensor<3xf32>
    %p198n = meld.add %p198, %q198 : tensor<3xf32>
    %lerp_w_199 = meld.broadcast_in_dim %lerp_w, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %beta2_199 = meld.broadcast_in_dim %beta2, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %omb2_199 = meld.broadcast_in_dim %omb2, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %bc2_sqrt_199 = meld.broadcast_in_dim %bc2_sqrt, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %eps_199 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %step_size_199 = meld.broadcast_in_dim %step_size, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %one199 = meld.constant dense<1.0> : tensor<174x128xf32>
    %half199 = meld.constant dense<0.5> : tensor<174x128xf32>
    %wabs199 = meld.abs %lerp_w_199 : tensor<174x128xf32>
    %small199 = meld.compare lt, %wabs199, %half199 : tensor<174x128xf32>
    %wm1199 = meld.sub %lerp_w_199, %one199 : tensor<174x128xf32>
    %coef199 = meld.select %small199, %lerp_w_199, %wm1199 : tensor<174x128xi1>, tensor<174x128xf32>
    %base199 = meld.select %small199, %m199, %g199 : tensor<174x128xi1>, tensor<174x128xf32>
    %gm199 = meld.sub %g199, %m199 : tensor<174x128xf32>
    %m199n = meld.fma %coef199, %gm199, %base199 : tensor<174x128xf32>
    %vb199 = meld.mul %v199, %beta2_199 : tensor<174x128xf32>
    %og199 = meld.mul %omb2_199, %g199 : tensor<174x128xf32>
    %v199n = meld.fma %og199, %g199, %vb199 : tensor<174x128xf32>
    %sq199 = meld.sqrt %v199n : tensor<174x128xf32>
    %sc199 = meld.div %sq199, %bc2_sqrt_199 : tensor<174x128xf32>
    %den199 = meld.add %sc199, %eps_199 : tensor<174x128xf32>
    %sm199 = meld.mul %step_size_199, %m199n : tensor<174x128xf32>
    %q199 = meld.div %sm199, %den199 : tensor<174x128xf32>
    %p199n = meld.add %p199, %q199 : tensor<174x128xf32>
    return %p0n, %m0n, %v0n, %p1n, %m1n, %v1n, %p2n, %m2n, %v2n, %p3n, %m3n, %v3n, %p4n, %m4n, %v4n, %p5n, %m5n, %v5n, %p6n, %m6n, %v6n, %p7n, %m7n, %v7n, %p8n, %m8n, %v8n, %p9n, %m9n, %v9n, %p10n, %m10n, %v10n, %p11n, %m11n, %v11n, %p12n, %m12n, %v12n, %p13n, %m13n, %v13n, %p14n, %m14n, %v14n, %p15n, %m15n, %v15n, %p16n, %m16n, %v16n, %p17n, %m17n, %v17n, %p18n, %m18n, %v18n, %p19n, %m19n, %v19n, %p20n, %m20n, %v20n, %p21n, %m21n, %v21n, %p22n, %m22n, %v22n, %p23n, %m23n, %v23n, %p24n, %m24n, %v24n, %p25n, %m25n, %v25n, %p26n, %m26n, %v26n, %p27n, %m27n, %v27n, %p28n, %m28n, %v28n, %p29n, %m29n, %v29n, %p30n, %m30n, %v30n, %p31n, %m31n, %v31n, %p32n, %m32n, %v32n, %p33n, %m33n, %v33n, %p34n, %m34n, %v34n, %p35n, %m35n, %v35n, %p36n, %m36n, %v36n, %p37n, %m37n, %v37n, %p38n, %m38n, %v38n, %p39n, %m39n, %v39n, %p40n, %m40n, %v40n, %p41n, %m41n, %v41n, %p42n, %m42n, %v42n, %p43n, %m43n, %v43n, %p44n, %m44n, %v44n, %p45n, %m45n, %v45n, %p46n, %m46n, %v46n, %p47n, %m47n, %v47n, %p48n, %m48n, %v48n, %p49n, %m49n, %v49n, %p50n, %m50n, %v50n, %p51n, %m51n, %v51n, %p52n, %m52n, %v52n, %p53n, %m53n, %v53n, %p54n, %m54n, %v54n, %p55n, %m55n, %v55n, %p56n, %m56n, %v56n, %p57n, %m57n, %v57n, %p58n, %m58n, %v58n, %p59n, %m59n, %v59n, %p60n, %m60n, %v60n, %p61n, %m61n, %v61n, %p62n, %m62n, %v62n, %p63n, %m63n, %v63n, %p64n, %m64n, %v64n, %p65n, %m65n, %v65n, %p66n, %m66n, %v66n, %p67n, %m67n, %v67n, %p68n, %m68n, %v68n, %p69n, %m69n, %v69n, %p70n, %m70n, %v70n, %p71n, %m71n, %v71n, %p72n, %m72n, %v72n, %p73n, %m73n, %v73n, %p74n, %m74n, %v74n, %p75n, %m75n, %v75n, %p76n, %m76n, %v76n, %p77n, %m77n, %v77n, %p78n, %m78n, %v78n, %p79n, %m79n, %v79n, %p80n, %m80n, %v80n, %p81n, %m81n, %v81n, %p82n, %m82n, %v82n, %p83n, %m83n, %v83n, %p84n, %m84n, %v84n, %p85n, %m85n, %v85n, %p86n, %m86n, %v86n, %p87n, %m87n, %v87n, %p88n, %m88n, %v88n, %p89n, %m89n, %v89n, %p90n, %m90n, %v90n, %p91n, %m91n, %v91n, %p92n, %m92n, %v92n, %p93n, %m93n, %v93n, %p94n, %m94n, %v94n, %p95n, %m95n, %v95n, %p96n, %m96n, %v96n, %p97n, %m97n, %v97n, %p98n, %m98n, %v98n, %p99n, %m99n, %v99n, %p100n, %m100n, %v100n, %p101n, %m101n, %v101n, %p102n, %m102n, %v102n, %p103n, %m103n, %v103n, %p104n, %m104n, %v104n, %p105n, %m105n, %v105n, %p106n, %m106n, %v106n, %p107n, %m107n, %v107n, %p108n, %m108n, %v108n, %p109n, %m109n, %v109n, %p110n, %m110n, %v110n, %p111n, %m111n, %v111n, %p112n, %m112n, %v112n, %p113n, %m113n, %v113n, %p114n, %m114n, %v114n, %p115n, %m115n, %v115n, %p116n, %m116n, %v116n, %p117n, %m117n, %v117n, %p118n, %m118n, %v118n, %p119n, %m119n, %v119n, %p120n, %m120n, %v120n, %p121n, %m121n, %v121n, %p122n, %m122n, %v122n, %p123n, %m123n, %v123n, %p124n, %m124n, %v124n, %p125n, %m125n, %v125n, %p126n, %m126n, %v126n, %p127n, %m127n, %v127n, %p128n, %m128n, %v128n, %p129n, %m129n, %v129n, %p130n, %m130n, %v130n, %p131n, %m131n, %v131n, %p132n, %m132n, %v132n, %p133n, %m133n, %v133n, %p134n, %m134n, %v134n, %p135n, %m135n, %v135n, %p136n, %m136n, %v136n, %p137n, %m137n, %v137n, %p138n, %m138n, %v138n, %p139n, %m139n, %v139n, %p140n, %m140n, %v140n, %p141n, %m141n, %v141n, %p142n, %m142n, %v142n, %p143n, %m143n, %v143n, %p144n, %m144n, %v144n, %p145n, %m145n, %v145n, %p146n, %m146n, %v146n, %p147n, %m147n, %v147n, %p148n, %m148n, %v148n, %p149n, %m149n, %v149n, %p150n, %m150n, %v150n, %p151n, %m151n, %v151n, %p152n, %m152n, %v152n, %p153n, %m153n, %v153n, %p154n, %m154n, %v154n, %p155n, %m155n, %v155n, %p156n, %m156n, %v156n, %p157n, %m157n, %v157n, %p158n, %m158n, %v158n, %p159n, %m159n, %v159n, %p160n, %m160n, %v160n, %p161n, %m161n, %v161n, %p162n, %m162n, %v162n, %p163n, %m163n, %v163n, %p164n, %m164n, %v164n, %p165n, %m165n, %v165n, %p166n, %m166n, %v166n, %p167n, %m167n, %v167n, %p168n, %m168n, %v168n, %p169n, %m169n, %v169n, %p170n, %m170n, %v170n, %p171n, %m171n, %v171n, %p172n, %m172n, %v172n, %p173n, %m173n, %v173n, %p174n, %m174n, %v174n, %p175n, %m175n, %v175n, %p176n, %m176n, %v176n, %p177n, %m177n, %v177n, %p178n, %m178n, %v178n, %p179n, %m179n, %v179n, %p180n, %m180n, %v180n, %p181n, %m181n, %v181n, %p182n, %m182n, %v182n, %p183n, %m183n, %v183n, %p184n, %m184n, %v184n, %p185n, %m185n, %v185n, %p186n, %m186n, %v186n, %p187n, %m187n, %v187n, %p188n, %m188n, %v188n, %p189n, %m189n, %v189n, %p190n, %m190n, %v190n, %p191n, %m191n, %v191n, %p192n, %m192n, %v192n, %p193n, %m193n, %v193n, %p194n, %m194n, %v194n, %p195n, %m195n, %v195n, %p196n, %m196n, %v196n, %p197n, %m197n, %v197n, %p198n, %m198n, %v198n, %p199n, %m199n, %v199n
        : tensor<42169xf32>, tensor<42169xf32>, tensor<42169xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<458xf32>, tensor<458xf32>, tensor<458xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<91xf32>, tensor<91xf32>, tensor<91xf32>, tensor<15xf32>, tensor<15xf32>, tensor<15xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<825xf32>, tensor<825xf32>, tensor<825xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<26xf32>, tensor<26xf32>, tensor<26xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<66xf32>, tensor<66xf32>, tensor<66xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<54xf32>, tensor<54xf32>, tensor<54xf32>, tensor<21xf32>, tensor<21xf32>, tensor<21xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<421xf32>, tensor<421xf32>, tensor<421xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<26xf32>, tensor<26xf32>, tensor<26xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<92xf32>, tensor<92xf32>, tensor<92xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<92xf32>, tensor<92xf32>, tensor<92xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<11xf32>, tensor<11xf32>, tensor<11xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<118xf32>, tensor<118xf32>, tensor<118xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<60xf32>, tensor<60xf32>, tensor<60xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<158xf32>, tensor<158xf32>, tensor<158xf32>, tensor<53xf32>, tensor<53xf32>, tensor<53xf32>, tensor<14xf32>, tensor<14xf32>, tensor<14xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<34xf32>, tensor<34xf32>, tensor<34xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<712xf32>, tensor<712xf32>, tensor<712xf32>, tensor<79xf32>, tensor<79xf32>, tensor<79xf32>, tensor<33xf32>, tensor<33xf32>, tensor<33xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<29xf32>, tensor<29xf32>, tensor<29xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<48xf32>, tensor<48xf32>, tensor<48xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<45xf32>, tensor<45xf32>, tensor<45xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<114xf32>, tensor<114xf32>, tensor<114xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<15xf32>, tensor<15xf32>, tensor<15xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<758xf32>, tensor<758xf32>, tensor<758xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<167xf32>, tensor<167xf32>, tensor<167xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<939xf32>, tensor<939xf32>, tensor<939xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<55xf32>, tensor<55xf32>, tensor<55xf32>, tensor<57xf32>, tensor<57xf32>, tensor<57xf32>, tensor<751xf32>, tensor<751xf32>, tensor<751xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<674xf32>, tensor<674xf32>, tensor<674xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<44xf32>, tensor<44xf32>, tensor<44xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<174x128xf32>, tensor<174x128xf32>, tensor<174x128xf32>
}
