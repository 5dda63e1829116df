// One adagrad step over 200 parameters (meld.optim.program).
func.func @step(
    %neg_clr: tensor<f32>,
    %eps: tensor<f32>,
    %p0: tensor<42169xf32> {meld.donate = 0 : i64},
    %g0: tensor<42169xf32>,
    %sum0: tensor<42169xf32> {meld.donate = 1 : i64},
    %p1: tensor<1x128xf32> {meld.donate = 2 : i64},
    %g1: tensor<1x128xf32>,
    %sum1: tensor<1x128xf32> {meld.donate = 3 : i64},
    %p2: tensor<458xf32> {meld.donate = 4 : i64},
    %g2: tensor<458xf32>,
    %sum2: tensor<458xf32> {meld.donate = 5 : i64},
    %p3: tensor<35091xf32> {meld.donate = 6 : i64},
    %g3: tensor<35091xf32>,
    %sum3: tensor<35091xf32> {meld.donate = 7 : i64},
    %p4: tensor<91xf32> {meld.donate = 8 : i64},
    %g4: tensor<91xf32>,
    %sum4: tensor<91xf32> {meld.donate = 9 : i64},
    %p5: tensor<15xf32> {meld.donate = 10 : i64},
    %g5: tensor<15xf32>,
    %sum5: tensor<15xf32> {meld.donate = 11 : i64},
    %p6: tensor<5xf32> {meld.donate = 12 : i64},
    %g6: tensor<5xf32>,
    %sum6: tensor<5xf32> {meld.donate = 13 : i64},
    %p7: tensor<5xf32> {meld.donate = 14 : i64},
    %g7: tensor<5xf32>,
    %sum7: tensor<5xf32> {meld.donate = 15 : i64},
    %p8: tensor<3xf32> {meld.donate = 16 : i64},
    %g8: tensor<3xf32>,
    %sum8: tensor<3xf32> {meld.donate = 17 : i64},
    %p9: tensor<23901xf32> {meld.donate = 18 : i64},
    %g9: tensor<23901xf32>,
    %sum9: tensor<23901xf32> {meld.donate = 19 : i64},
    %p10: tensor<825xf32> {meld.donate = 20 : i64},
    %g10: tensor<825xf32>,
    %sum10: tensor<825xf32> {meld.donate = 21 : i64},
    %p11: tensor<123x16xf32> {meld.donate = 22 : i64},
    %g11: tensor<123x16xf32>,
    %sum11: tensor<123x16xf32> {meld.donate = 23 : i64},
    %p12: tensor<9939xf32> {meld.donate = 24 : i64},
    %g12: tensor<9939xf32>,
    %sum12: tensor<9939xf32> {meld.donate = 25 : i64},
    %p13: tensor<348x16xf32> {meld.donate = 26 : i64},
    %g13: tensor<348x16xf32>,
    %sum13: tensor<348x16xf32> {meld.donate = 27 : i64},
    %p14: tensor<2x32xf32> {meld.donate = 28 : i64},
    %g14: tensor<2x32xf32>,
    %sum14: tensor<2x32xf32> {meld.donate = 29 : i64},
    %p15: tensor<1538x128xf32> {meld.donate = 30 : i64},
    %g15: tensor<1538x128xf32>,
    %sum15: tensor<1538x128xf32> {meld.donate = 31 : i64},
    %p16: tensor<26xf32> {meld.donate = 32 : i64},
    %g16: tensor<26xf32>,
    %sum16: tensor<26xf32> {meld.donate = 33 : i64},
    %p17: tensor<1603x16xf32> {meld.donate = 34 : i64},
    %g17: tensor<1603x16xf32>,
    %sum17: tensor<1603x16xf32> {meld.donate = 35 : i64},
    %p18: tensor<3xf32> {meld.donate = 36 : i64},
    %g18: tensor<3xf32>,
    %sum18: tensor<3xf32> {meld.donate = 37 : i64},
    %p19: tensor<39928xf32> {meld.donate = 38 : i64},
    %g19: tensor<39928xf32>,
    %sum19: tensor<39928xf32> {meld.donate = 39 : i64},
    %p20: tensor<19943xf32> {meld.donate = 40 : i64},
    %g20: tensor<19943xf32>,
    %sum20: tensor<19943xf32> {meld.donate = 41 : i64},
    %p21: tensor<2246xf32> {meld.donate = 42 : i64},
    %g21: tensor<2246xf32>,
    %sum21: tensor<2246xf32> {meld.donate = 43 : i64},
    %p22: tensor<66xf32> {meld.donate = 44 : i64},
    %g22: tensor<66xf32>,
    %sum22: tensor<66xf32> {meld.donate = 45 : i64},
    %p23: tensor<55x128xf32> {meld.donate = 46 : i64},
    %g23: tensor<55x128xf32>,
    %sum23: tensor<55x128xf32> {meld.donate = 47 : i64},
    %p24: tensor<16xf32> {meld.donate = 48 : i64},
    %g24: tensor<16xf32>,
    %sum24: tensor<16xf32> {meld.donate = 49 : i64},
    %p25: tensor<196x128xf32> {meld.donate = 50 : i64},
    %g25: tensor<196x128xf32>,
    %sum25: tensor<196x128xf32> {meld.donate = 51 : i64},
    %p26: tensor<4x64xf32> {meld.donate = 52 : i64},
    %g26: tensor<4x64xf32>,
    %sum26: tensor<4x64xf32> {meld.donate = 53 : i64},
    %p27: tensor<62081xf32> {meld.donate = 54 : i64},
    %g27: tensor<62081xf32>,
    %sum27: tensor<62081xf32> {meld.donate = 55 : i64},
    %p28: tensor<7x64xf32> {meld.donate = 56 : i64},
    %g28: tensor<7x64xf32>,
    %sum28: tensor<7x64xf32> {meld.donate = 57 : i64},
    %p29: tensor<57x128xf32> {meld.donate = 58 : i64},
    %g29: tensor<57x128xf32>,
    %sum29: tensor<57x128xf32> {meld.donate = 59 : i64},
    %p30: tensor<12xf32> {meld.donate = 60 : i64},
    %g30: tensor<12xf32>,
    %sum30: tensor<12xf32> {meld.donate = 61 : i64},
    %p31: tensor<373x64xf32> {meld.donate = 62 : i64},
    %g31: tensor<373x64xf32>,
    %sum31: tensor<373x64xf32> {meld.donate = 63 : i64},
    %p32: tensor<2x96xf32> {meld.donate = 64 : i64},
    %g32: tensor<2x96xf32>,
    %sum32: tensor<2x96xf32> {meld.donate = 65 : i64},
    %p33: tensor<54xf32> {meld.donate = 66 : i64},
    %g33: tensor<54xf32>,
    %sum33: tensor<54xf32> {meld.donate = 67 : i64},
    %p34: tensor<21xf32> {meld.donate = 68 : i64},
    %g34: tensor<21xf32>,
    %sum34: tensor<21xf32> {meld.donate = 69 : i64},
    %p35: tensor<10xf32> {meld.donate = 70 : i64},
    %g35: tensor<10xf32>,
    %sum35: tensor<10xf32> {meld.donate = 71 : i64},
    %p36: tensor<493x64xf32> {meld.donate = 72 : i64},
    %g36: tensor<493x64xf32>,
    %sum36: tensor<493x64xf32> {meld.donate = 73 : i64},
    %p37: tensor<12x32xf32> {meld.donate = 74 : i64},
    %g37: tensor<12x32xf32>,
    %sum37: tensor<12x32xf32> {meld.donate = 75 : i64},
    %p38: tensor<63412xf32> {meld.donate = 76 : i64},
    %g38: tensor<63412xf32>,
    %sum38: tensor<63412xf32> {meld.donate = 77 : i64},
    %p39: tensor<41139xf32> {meld.donate = 78 : i64},
    %g39: tensor<41139xf32>,
    %sum39: tensor<41139xf32> {meld.donate = 79 : i64},
    %p40: tensor<1184x96xf32> {meld.donate = 80 : i64},
    %g40: tensor<1184x96xf32>,
    %sum40: tensor<1184x96xf32> {meld.donate = 81 : i64},
    %p41: tensor<303x128xf32> {meld.donate = 82 : i64},
    %g41: tensor<303x128xf32>,
    %sum41: tensor<303x128xf32> {meld.donate = 83 : i64},
    %p42: tensor<27886xf32> {meld.donate = 84 : i64},
    %g42: tensor<27886xf32>,
    %sum42: tensor<27886xf32> {meld.donate = 85 : i64},
    %p43: tensor<831x96xf32> {meld.donate = 86 : i64},
    %g43: tensor<831x96xf32>,
    %sum43: tensor<831x96xf32> {meld.donate = 87 : i64},
    %p44: tensor<23x64xf32> {meld.donate = 88 : i64},
    %g44: tensor<23x64xf32>,
    %sum44: tensor<23x64xf32> {meld.donate = 89 : i64},
    %p45: tensor<2xf32> {meld.donate = 90 : i64},
    %g45: tensor<2xf32>,
    %sum45: tensor<2xf32> {meld.donate = 91 : i64},
    %p46: tensor<35x64xf32> {meld.donate = 92 : i64},
    %g46: tensor<35x64xf32>,
    %sum46: tensor<35x64xf32> {meld.donate = 93 : i64},
    %p47: tensor<664x64xf32> {meld.donate = 94 : i64},
    %g47: tensor<664x64xf32>,
    %sum47: tensor<664x64xf32> {meld.donate = 95 : i64},
    %p48: tensor<4xf32> {meld.donate = 96 : i64},
    %g48: tensor<4xf32>,
    %sum48: tensor<4xf32> {meld.donate = 97 : i64},
    %p49: tensor<16xf32> {meld.donate = 98 : i64},
    %g49: tensor<16xf32>,
    %sum49: tensor<16xf32> {meld.donate = 99 : i64},
    %p50: tensor<1405x16xf32> {meld.donate = 100 : i64},
    %g50: tensor<1405x16xf32>,
    %sum50: tensor<1405x16xf32> {meld.donate = 101 : i64},
    %p51: tensor<3xf32> {meld.donate = 102 : i64},
    %g51: tensor<3xf32>,
    %sum51: tensor<3xf32> {meld.donate = 103 : i64},
    %p52: tensor<6xf32> {meld.donate = 104 : i64},
    %g52: tensor<6xf32>,
    %sum52: tensor<6xf32> {meld.donate = 105 : i64},
    %p53: tensor<51x128xf32> {meld.donate = 106 : i64},
    %g53: tensor<51x128xf32>,
    %sum53: tensor<51x128xf32> {meld.donate = 107 : i64},
    %p54: tensor<2975xf32> {meld.donate = 108 : i64},
    %g54: tensor<2975xf32>,
    %sum54: tensor<2975xf32> {meld.donate = 109 : i64},
    %p55: tensor<124x16xf32> {meld.donate = 110 : i64},
    %g55: tensor<124x16xf32>,
    %sum55: tensor<124x16xf32> {meld.donate = 111 : i64},
    %p56: tensor<3005xf32> {meld.donate = 112 : i64},
    %g56: tensor<3005xf32>,
    %sum56: tensor<3005xf32> {meld.donate = 113 : i64},
    %p57: tensor<22x64xf32> {meld.donate = 114 : i64},
    %g57: tensor<22x64xf32>,
    %sum57: tensor<22x64xf32> {meld.donate = 115 : i64},
    %p58: tensor<288x128xf32> {meld.donate = 116 : i64},
    %g58: tensor<288x128xf32>,
    %sum58: tensor<288x128xf32> {meld.donate = 117 : i64},
    %p59: tensor<1xf32> {meld.donate = 118 : i64},
    %g59: tensor<1xf32>,
    %sum59: tensor<1xf32> {meld.donate = 119 : i64},
    %p60: tensor<11470x16xf32> {meld.donate = 120 : i64},
    %g60: tensor<11470x16xf32>,
    %sum60: tensor<11470x16xf32> {meld.donate = 121 : i64},
    %p61: tensor<421xf32> {meld.donate = 122 : i64},
    %g61: tensor<421xf32>,
    %sum61: tensor<421xf32> {meld.donate = 123 : i64},
    %p62: tensor<2xf32> {meld.donate = 124 : i64},
    %g62: tensor<2xf32>,
    %sum62: tensor<2xf32> {meld.donate = 125 : i64},
    %p63: tensor<41x128xf32> {meld.donate = 126 : i64},
    %g63: tensor<41x128xf32>,
    %sum63: tensor<41x128xf32> {meld.donate = 127 : i64},
    %p64: tensor<3xf32> {meld.donate = 128 : i64},
    %g64: tensor<3xf32>,
    %sum64: tensor<3xf32> {meld.donate = 129 : i64},
    %p65: tensor<26xf32> {meld.donate = 130 : i64},
    %g65: tensor<26xf32>,
    %sum65: tensor<26xf32> {meld.donate = 131 : i64},
    %p66: tensor<16xf32> {meld.donate = 132 : i64},
    %g66: tensor<16xf32>,
    %sum66: tensor<16xf32> {meld.donate = 133 : i64},
    %p67: tensor<109x32xf32> {meld.donate = 134 : i64},
    %g67: tensor<109x32xf32>,
    %sum67: tensor<109x32xf32> {meld.donate = 135 : i64},
    %p68: tensor<2xf32> {meld.donate = 136 : i64},
    %g68: tensor<2xf32>,
    %sum68: tensor<2xf32> {meld.donate = 137 : i64},
    %p69: tensor<3x96xf32> {meld.donate = 138 : i64},
    %g69: tensor<3x96xf32>,
    %sum69: tensor<3x96xf32> {meld.donate = 139 : i64},
    %p70: tensor<12xf32> {meld.donate = 140 : i64},
    %g70: tensor<12xf32>,
    %sum70: tensor<12xf32> {meld.donate = 141 : i64},
    %p71: tensor<92xf32> {meld.donate = 142 : i64},
    %g71: tensor<92xf32>,
    %sum71: tensor<92xf32> {meld.donate = 143 : i64},
    %p72: tensor<39049xf32> {meld.donate = 144 : i64},
    %g72: tensor<39049xf32>,
    %sum72: tensor<39049xf32> {meld.donate = 145 : i64},
    %p73: tensor<8xf32> {meld.donate = 146 : i64},
    %g73: tensor<8xf32>,
    %sum73: tensor<8xf32> {meld.donate = 147 : i64},
    %p74: tensor<4832xf32> {meld.donate = 148 : i64},
    %g74: tensor<4832xf32>,
    %sum74: tensor<4832xf32> {meld.donate = 149 : i64},
    %p75: tensor<2xf32> {meld.donate = 150 : i64},
    %g75: tensor<2xf32>,
    %sum75: tensor<2xf32> {meld.donate = 151 : i64},
    %p76: tensor<5054xf32> {meld.donate = 152 : i64},
    %g76: tensor<5054xf32>,
    %sum76: tensor<5054xf32> {meld.donate = 153 : i64},
    %p77: tensor<1x128xf32> {meld.donate = 154 : i64},
    %g77: tensor<1x128xf32>,
    %sum77: tensor<1x128xf32> {meld.donate = 155 : i64},
    %p78: tensor<111357xf32> {meld.donate = 156 : i64},
    %g78: tensor<111357xf32>,
    %sum78: tensor<111357xf32> {meld.donate = 157 : i64},
    %p79: tensor<1xf32> {meld.donate = 158 : i64},
    %g79: tensor<1xf32>,
    %sum79: tensor<1xf32> {meld.donate = 159 : i64},
    %p80: tensor<5388xf32> {meld.donate = 160 : i64},
    %g80: tensor<5388xf32>,
    %sum80: tensor<5388xf32> {meld.donate = 161 : i64},
    %p81: tensor<61860xf32> {meld.donate = 162 : i64},
    %g81: tensor<61860xf32>,
    %sum81: tensor<61860xf32> {meld.donate = 163 : i64},
    %p82: tensor<55x64xf32> {meld.donate = 164 : i64},
    %g82: tensor<55x64xf32>,
    %sum82: tensor<55x64xf32> {meld.donate = 165 : i64},
    %p83: tensor<6xf32> {meld.donate = 166 : i64},
    %g83: tensor<6xf32>,
    %sum83: tensor<6xf32> {meld.donate = 167 : i64},
    %p84: tensor<379x16xf32> {meld.donate = 168 : i64},
    %g84: tensor<379x16xf32>,
    %sum84: tensor<379x16xf32> {meld.donate = 169 : i64},
    %p85: tensor<1x64xf32> {meld.donate = 170 : i64},
    %g85: tensor<1x64xf32>,
    %sum85: tensor<1x64xf32> {meld.donate = 171 : i64},
    %p86: tensor<5xf32> {meld.donate = 172 : i64},
    %g86: tensor<5xf32>,
    %sum86: tensor<5xf32> {meld.donate = 173 : i64},
    %p87: tensor<116x128xf32> {meld.donate = 174 : i64},
    %g87: tensor<116x128xf32>,
    %sum87: tensor<116x128xf32> {meld.donate = 175 : i64},
    %p88: tensor<37xf32> {meld.donate = 176 : i64},
    %g88: tensor<37xf32>,
    %sum88: tensor<37xf32> {meld.donate = 177 : i64},
    %p89: tensor<92xf32> {meld.donate = 178 : i64},
    %g89: tensor<92xf32>,
    %sum89: tensor<92xf32> {meld.donate = 179 : i64},
    %p90: tensor<2958xf32> {meld.donate = 180 : i64},
    %g90: tensor<2958xf32>,
    %sum90: tensor<2958xf32> {meld.donate = 181 : i64},
    %p91: tensor<86x96xf32> {meld.donate = 182 : i64},
    %g91: tensor<86x96xf32>,
    %sum91: tensor<86x96xf32> {meld.donate = 183 : i64},
    %p92: tensor<270x128xf32> {meld.donate = 184 : i64},
    %g92: tensor<270x128xf32>,
    %sum92: tensor<270x128xf32> {meld.donate = 185 : i64},
    %p93: tensor<11xf32> {meld.donate = 186 : i64},
    %g93: tensor<11xf32>,
    %sum93: tensor<11xf32> {meld.donate = 187 : i64},
    %p94: tensor<1x96xf32> {meld.donate = 188 : i64},
    %g94: tensor<1x96xf32>,
    %sum94: tensor<1x96xf32> {meld.donate = 189 : i64},
    %p95: tensor<118xf32> {meld.donate = 190 : i64},
    %g95: tensor<118xf32>,
    %sum95: tensor<118xf32> {meld.donate = 191 : i64},
    %p96: tensor<13x96xf32> {meld.donate = 192 : i64},
    %g96: tensor<13x96xf32>,
    %sum96: tensor<13x96xf32> {meld.donate = 193 : i64},
    %p97: tensor<3717x16xf32> {meld.donate = 194 : i64},
    %g97: tensor<3717x16xf32>,
    %sum97: tensor<3717x16xf32> {meld.donate = 195 : i64},
    %p98: tensor<8xf32> {meld.donate = 196 : i64},
    %g98: tensor<8xf32>,
    %sum98: tensor<8xf32> {meld.donate = 197 : i64},
    %p99: tensor<2xf32> {meld.donate = 198 : i64},
    %g99: tensor<2xf32>,
    %sum99: tensor<2xf32> {meld.donate = 199 : i64},
    %p100: tensor<72x96xf32> {meld.donate = 200 : i64},
    %g100: tensor<72x96xf32>,
    %sum100: tensor<72x96xf32> {meld.donate = 201 : i64},
    %p101: tensor<94068xf32> {meld.donate = 202 : i64},
    %g101: tensor<94068xf32>,
    %sum101: tensor<94068xf32> {meld.donate = 203 : i64},
    %p102: tensor<1xf32> {meld.donate = 204 : i64},
    %g102: tensor<1xf32>,
    %sum102: tensor<1xf32> {meld.donate = 205 : i64},
    %p103: tensor<1xf32> {meld.donate = 206 : i64},
    %g103: tensor<1xf32>,
    %sum103: tensor<1xf32> {meld.donate = 207 : i64},
    %p104: tensor<60xf32> {meld.donate = 208 : i64},
    %g104: tensor<60xf32>,
    %sum104: tensor<60xf32> {meld.donate = 209 : i64},
    %p105: tensor<403x96xf32> {meld.donate = 210 : i64},
    %g105: tensor<403x96xf32>,
    %sum105: tensor<403x96xf32> {meld.donate = 211 : i64},
    %p106: tensor<10xf32> {meld.donate = 212 : i64},
    %g106: tensor<10xf32>,
    %sum106: tensor<10xf32> {meld.donate = 213 : i64},
    %p107: tensor<297814xf32> {meld.donate = 214 : i64},
    %g107: tensor<297814xf32>,
    %sum107: tensor<297814xf32> {meld.donate = 215 : i64},
    %p108: tensor<2xf32> {meld.donate = 216 : i64},
    %g108: tensor<2xf32>,
    %sum108: tensor<2xf32> {meld.donate = 217 : i64},
    %p109: tensor<9417xf32> {meld.donate = 218 : i64},
    %g109: tensor<9417xf32>,
    %sum109: tensor<9417xf32> {meld.donate = 219 : i64},
    %p110: tensor<158xf32> {meld.donate = 220 : i64},
    %g110: tensor<158xf32>,
    %sum110: tensor<158xf32> {meld.donate = 221 : i64},
    %p111: tensor<53xf32> {meld.donate = 222 : i64},
    %g111: tensor<53xf32>,
    %sum111: tensor<53xf32> {meld.donate = 223 : i64},
    %p112: tensor<14xf32> {meld.donate = 224 : i64},
    %g112: tensor<14xf32>,
    %sum112: tensor<14xf32> {meld.donate = 225 : i64},
    %p113: tensor<66x128xf32> {meld.donate = 226 : i64},
    %g113: tensor<66x128xf32>,
    %sum113: tensor<66x128xf32> {meld.donate = 227 : i64},
    %p114: tensor<17x128xf32> {meld.donate = 228 : i64},
    %g114: tensor<17x128xf32>,
    %sum114: tensor<17x128xf32> {meld.donate = 229 : i64},
    %p115: tensor<3598xf32> {meld.donate = 230 : i64},
    %g115: tensor<3598xf32>,
    %sum115: tensor<3598xf32> {meld.donate = 231 : i64},
    %p116: tensor<34xf32> {meld.donate = 232 : i64},
    %g116: tensor<34xf32>,
    %sum116: tensor<34xf32> {meld.donate = 233 : i64},
    %p117: tensor<2383x96xf32> {meld.donate = 234 : i64},
    %g117: tensor<2383x96xf32>,
    %sum117: tensor<2383x96xf32> {meld.donate = 235 : i64},
    %p118: tensor<28x96xf32> {meld.donate = 236 : i64},
    %g118: tensor<28x96xf32>,
    %sum118: tensor<28x96xf32> {meld.donate = 237 : i64},
    %p119: tensor<375x64xf32> {meld.donate = 238 : i64},
    %g119: tensor<375x64xf32>,
    %sum119: tensor<375x64xf32> {meld.donate = 239 : i64},
    %p120: tensor<5xf32> {meld.donate = 240 : i64},
    %g120: tensor<5xf32>,
    %sum120: tensor<5xf32> {meld.donate = 241 : i64},
    %p121: tensor<712xf32> {meld.donate = 242 : i64},
    %g121: tensor<712xf32>,
    %sum121: tensor<712xf32> {meld.donate = 243 : i64},
    %p122: tensor<79xf32> {meld.donate = 244 : i64},
    %g122: tensor<79xf32>,
    %sum122: tensor<79xf32> {meld.donate = 245 : i64},
    %p123: tensor<33xf32> {meld.donate = 246 : i64},
    %g123: tensor<33xf32>,
    %sum123: tensor<33xf32> {meld.donate = 247 : i64},
    %p124: tensor<1xf32> {meld.donate = 248 : i64},
    %g124: tensor<1xf32>,
    %sum124: tensor<1xf32> {meld.donate = 249 : i64},
    %p125: tensor<1xf32> {meld.donate = 250 : i64},
    %g125: tensor<1xf32>,
    %sum125: tensor<1xf32> {meld.donate = 251 : i64},
    %p126: tensor<83x64xf32> {meld.donate = 252 : i64},
    %g126: tensor<83x64xf32>,
    %sum126: tensor<83x64xf32> {meld.donate = 253 : i64},
    %p127: tensor<138020xf32> {meld.donate = 254 : i64},
    %g127: tensor<138020xf32>,
    %sum127: tensor<138020xf32> {meld.donate = 255 : i64},
    %p128: tensor<1xf32> {meld.donate = 256 : i64},
    %g128: tensor<1xf32>,
    %sum128: tensor<1xf32> {meld.donate = 257 : i64},
    %p129: tensor<12679xf32> {meld.donate = 258 : i64},
    %g129: tensor<12679xf32>,
    %sum129: tensor<12679xf32> {meld.donate = 259 : i64},
    %p130: tensor<3885xf32> {meld.donate = 260 : i64},
    %g130: tensor<3885xf32>,
    %sum130: tensor<3885xf32> {meld.donate = 261 : i64},
    %p131: tensor<87953xf32> {meld.donate = 262 : i64},
    %g131: tensor<87953xf32>,
    %sum131: tensor<87953xf32> {meld.donate = 263 : i64},
    %p132: tensor<3x32xf32> {meld.donate = 264 : i64},
    %g132: tensor<3x32xf32>,
    %sum132: tensor<3x32xf32> {meld.donate = 265 : i64},
    %p133: tensor<3x32xf32> {meld.donate = 266 : i64},
    %g133: tensor<3x32xf32>,
    %sum133: tensor<3x32xf32> {meld.donate = 267 : i64},
    %p134: tensor<6xf32> {meld.donate = 268 : i64},
    %g134: tensor<6xf32>,
    %sum134: tensor<6xf32> {meld.donate = 269 : i64},
    %p135: tensor<67xf32> {meld.donate = 270 : i64},
    %g135: tensor<67xf32>,
    %sum135: tensor<67xf32> {meld.donate = 271 : i64},
    %p136: tensor<67x128xf32> {meld.donate = 272 : i64},
    %g136: tensor<67x128xf32>,
    %sum136: tensor<67x128xf32> {meld.donate = 273 : i64},
    %p137: tensor<1xf32> {meld.donate = 274 : i64},
    %g137: tensor<1xf32>,
    %sum137: tensor<1xf32> {meld.donate = 275 : i64},
    %p138: tensor<29xf32> {meld.donate = 276 : i64},
    %g138: tensor<29xf32>,
    %sum138: tensor<29xf32> {meld.donate = 277 : i64},
    %p139: tensor<6xf32> {meld.donate = 278 : i64},
    %g139: tensor<6xf32>,
    %sum139: tensor<6xf32> {meld.donate = 279 : i64},
    %p140: tensor<12x128xf32> {meld.donate = 280 : i64},
    %g140: tensor<12x128xf32>,
    %sum140: tensor<12x128xf32> {meld.donate = 281 : i64},
    %p141: tensor<5xf32> {meld.donate = 282 : i64},
    %g141: tensor<5xf32>,
    %sum141: tensor<5xf32> {meld.donate = 283 : i64},
    %p142: tensor<4xf32> {meld.donate = 284 : i64},
    %g142: tensor<4xf32>,
    %sum142: tensor<4xf32> {meld.donate = 285 : i64},
    %p143: tensor<10026xf32> {meld.donate = 286 : i64},
    %g143: tensor<10026xf32>,
    %sum143: tensor<10026xf32> {meld.donate = 287 : i64},
    %p144: tensor<48xf32> {meld.donate = 288 : i64},
    %g144: tensor<48xf32>,
    %sum144: tensor<48xf32> {meld.donate = 289 : i64},
    %p145: tensor<49441xf32> {meld.donate = 290 : i64},
    %g145: tensor<49441xf32>,
    %sum145: tensor<49441xf32> {meld.donate = 291 : i64},
    %p146: tensor<45xf32> {meld.donate = 292 : i64},
    %g146: tensor<45xf32>,
    %sum146: tensor<45xf32> {meld.donate = 293 : i64},
    %p147: tensor<2356x16xf32> {meld.donate = 294 : i64},
    %g147: tensor<2356x16xf32>,
    %sum147: tensor<2356x16xf32> {meld.donate = 295 : i64},
    %p148: tensor<3xf32> {meld.donate = 296 : i64},
    %g148: tensor<3xf32>,
    %sum148: tensor<3xf32> {meld.donate = 297 : i64},
    %p149: tensor<1481x64xf32> {meld.donate = 298 : i64},
    %g149: tensor<1481x64xf32>,
    %sum149: tensor<1481x64xf32> {meld.donate = 299 : i64},
    %p150: tensor<4xf32> {meld.donate = 300 : i64},
    %g150: tensor<4xf32>,
    %sum150: tensor<4xf32> {meld.donate = 301 : i64},
    %p151: tensor<4xf32> {meld.donate = 302 : i64},
    %g151: tensor<4xf32>,
    %sum151: tensor<4xf32> {meld.donate = 303 : i64},
    %p152: tensor<8x64xf32> {meld.donate = 304 : i64},
    %g152: tensor<8x64xf32>,
    %sum152: tensor<8x64xf32> {meld.donate = 305 : i64},
    %p153: tensor<10575xf32> {meld.donate = 306 : i64},
    %g153: tensor<10575xf32>,
    %sum153: tensor<10575xf32> {meld.donate = 307 : i64},
    %p154: tensor<108955xf32> {meld.donate = 308 : i64},
    %g154: tensor<108955xf32>,
    %sum154: tensor<108955xf32> {meld.donate = 309 : i64},
    %p155: tensor<114xf32> {meld.donate = 310 : i64},
    %g155: tensor<114xf32>,
    %sum155: tensor<114xf32> {meld.donate = 311 : i64},
    %p156: tensor<197x16xf32> {meld.donate = 312 : i64},
    %g156: tensor<197x16xf32>,
    %sum156: tensor<197x16xf32> {meld.donate = 313 : i64},
    %p157: tensor<12xf32> {meld.donate = 314 : i64},
    %g157: tensor<12xf32>,
    %sum157: tensor<12xf32> {meld.donate = 315 : i64},
    %p158: tensor<16xf32> {meld.donate = 316 : i64},
    %g158: tensor<16xf32>,
    %sum158: tensor<16xf32> {meld.donate = 317 : i64},
    %p159: tensor<1x128xf32> {meld.donate = 318 : i64},
    %g159: tensor<1x128xf32>,
    %sum159: tensor<1x128xf32> {meld.donate = 319 : i64},
    %p160: tensor<7x96xf32> {meld.donate = 320 : i64},
    %g160: tensor<7x96xf32>,
    %sum160: tensor<7x96xf32> {meld.donate = 321 : i64},
    %p161: tensor<20775xf32> {meld.donate = 322 : i64},
    %g161: tensor<20775xf32>,
    %sum161: tensor<20775xf32> {meld.donate = 323 : i64},
    %p162: tensor<15xf32> {meld.donate = 324 : i64},
    %g162: tensor<15xf32>,
    %sum162: tensor<15xf32> {meld.donate = 325 : i64},
    %p163: tensor<2xf32> {meld.donate = 326 : i64},
    %g163: tensor<2xf32>,
    %sum163: tensor<2xf32> {meld.donate = 327 : i64},
    %p164: tensor<16xf32> {meld.donate = 328 : i64},
    %g164: tensor<16xf32>,
    %sum164: tensor<16xf32> {meld.donate = 329 : i64},
    %p165: tensor<9269x32xf32> {meld.donate = 330 : i64},
    %g165: tensor<9269x32xf32>,
    %sum165: tensor<9269x32xf32> {meld.donate = 331 : i64},
    %p166: tensor<14x16xf32> {meld.donate = 332 : i64},
    %g166: tensor<14x16xf32>,
    %sum166: tensor<14x16xf32> {meld.donate = 333 : i64},
    %p167: tensor<31775xf32> {meld.donate = 334 : i64},
    %g167: tensor<31775xf32>,
    %sum167: tensor<31775xf32> {meld.donate = 335 : i64},
    %p168: tensor<1xf32> {meld.donate = 336 : i64},
    %g168: tensor<1xf32>,
    %sum168: tensor<1xf32> {meld.donate = 337 : i64},
    %p169: tensor<758xf32> {meld.donate = 338 : i64},
    %g169: tensor<758xf32>,
    %sum169: tensor<758xf32> {meld.donate = 339 : i64},
    %p170: tensor<12xf32> {meld.donate = 340 : i64},
    %g170: tensor<12xf32>,
    %sum170: tensor<12xf32> {meld.donate = 341 : i64},
    %p171: tensor<32x16xf32> {meld.donate = 342 : i64},
    %g171: tensor<32x16xf32>,
    %sum171: tensor<32x16xf32> {meld.donate = 343 : i64},
    %p172: tensor<289009xf32> {meld.donate = 344 : i64},
    %g172: tensor<289009xf32>,
    %sum172: tensor<289009xf32> {meld.donate = 345 : i64},
    %p173: tensor<27x96xf32> {meld.donate = 346 : i64},
    %g173: tensor<27x96xf32>,
    %sum173: tensor<27x96xf32> {meld.donate = 347 : i64},
    %p174: tensor<3x32xf32> {meld.donate = 348 : i64},
    %g174: tensor<3x32xf32>,
    %sum174: tensor<3x32xf32> {meld.donate = 349 : i64},
    %p175: tensor<3xf32> {meld.donate = 350 : i64},
    %g175: tensor<3xf32>,
    %sum175: tensor<3xf32> {meld.donate = 351 : i64},
    %p176: tensor<14x128xf32> {meld.donate = 352 : i64},
    %g176: tensor<14x128xf32>,
    %sum176: tensor<14x128xf32> {meld.donate = 353 : i64},
    %p177: tensor<167xf32> {meld.donate = 354 : i64},
    %g177: tensor<167xf32>,
    %sum177: tensor<167xf32> {meld.donate = 355 : i64},
    %p178: tensor<1001x64xf32> {meld.donate = 356 : i64},
    %g178: tensor<1001x64xf32>,
    %sum178: tensor<1001x64xf32> {meld.donate = 357 : i64},
    %p179: tensor<36759xf32> {meld.donate = 358 : i64},
    %g179: tensor<36759xf32>,
    %sum179: tensor<36759xf32> {meld.donate = 359 : i64},
    %p180: tensor<3008xf32> {meld.donate = 360 : i64},
    %g180: tensor<3008xf32>,
    %sum180: tensor<3008xf32> {meld.donate = 361 : i64},
    %p181: tensor<939xf32> {meld.donate = 362 : i64},
    %g181: tensor<939xf32>,
    %sum181: tensor<939xf32> {meld.donate = 363 : i64},
    %p182: tensor<1xf32> {meld.donate = 364 : i64},
    %g182: tensor<1xf32>,
    %sum182: tensor<1xf32> {meld.donate = 365 : i64},
    %p183: tensor<7321xf32> {meld.donate = 366 : i64},
    %g183: tensor<7321xf32>,
    %sum183: tensor<7321xf32> {meld.donate = 367 : i64},
    %p184: tensor<55xf32> {meld.donate = 368 : i64},
    %g184: tensor<55xf32>,
    %sum184: tensor<55xf32> {meld.donate = 369 : i64},
    %p185: tensor<57xf32> {meld.donate = 370 : i64},
    %g185: tensor<57xf32>,
    %sum185: tensor<57xf32> {meld.donate = 371 : i64},
    %p186: tensor<751xf32> {meld.donate = 372 : i64},
    %g186: tensor<751xf32>,
    %sum186: tensor<751xf32> {meld.donate = 373 : i64},
    %p187: tensor<20x96xf32> {meld.donate = 374 : i64},
    %g187: tensor<20x96xf32>,
    %sum187: tensor<20x96xf32> {meld.donate = 375 : i64},
    %p188: tensor<1559xf32> {meld.donate = 376 : i64},
    %g188: tensor<1559xf32>,
    %sum188: tensor<1559xf32> {meld.donate = 377 : i64},
    %p189: tensor<1645x16xf32> {meld.donate = 378 : i64},
    %g189: tensor<1645x16xf32>,
    %sum189: tensor<1645x16xf32> {meld.donate = 379 : i64},
    %p190: tensor<674xf32> {meld.donate = 380 : i64},
    %g190: tensor<674xf32>,
    %sum190: tensor<674xf32> {meld.donate = 381 : i64},
    %p191: tensor<2xf32> {meld.donate = 382 : i64},
    %g191: tensor<2xf32>,
    %sum191: tensor<2xf32> {meld.donate = 383 : i64},
    %p192: tensor<5xf32> {meld.donate = 384 : i64},
    %g192: tensor<5xf32>,
    %sum192: tensor<5xf32> {meld.donate = 385 : i64},
    %p193: tensor<44xf32> {meld.donate = 386 : i64},
    %g193: tensor<44xf32>,
    %sum193: tensor<44xf32> {meld.donate = 387 : i64},
    %p194: tensor<448x32xf32> {meld.donate = 388 : i64},
    %g194: tensor<448x32xf32>,
    %sum194: tensor<448x32xf32> {meld.donate = 389 : i64},
    %p195: tensor<24279xf32> {meld.donate = 390 : i64},
    %g195: tensor<24279xf32>,
    %sum195: tensor<24279xf32> {meld.donate = 391 : i64},
    %p196: tensor<3x96xf32> {meld.donate = 392 : i64},
    %g196: tensor<3x96xf32>,
    %sum196: tensor<3x96xf32> {meld.donate = 393 : i64},
    %p197: tensor<673x128xf32> {meld.donate = 394 : i64},
    %g197: tensor<673x128xf32>,
    %sum197: tensor<673x128xf32> {meld.donate = 395 : i64},
    %p198: tensor<3xf32> {meld.donate = 396 : i64},
    %g198: tensor<3xf32>,
    %sum198: tensor<3xf32> {meld.donate = 397 : i64},
    %p199: tensor<174x128xf32> {meld.donate = 398 : i64},
    %g199: tensor<174x128xf32>,
    %sum199: tensor<174x128xf32> {meld.donate = 399 : i64})
    -> (tensor<42169xf32>, tensor<42169xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<458xf32>, tensor<458xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<91xf32>, tensor<91xf32>, tensor<15xf32>, tensor<15xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<825xf32>, tensor<825xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<26xf32>, tensor<26xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<66xf32>, tensor<66xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<16xf32>, tensor<16xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<12xf32>, tensor<12xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<54xf32>, tensor<54xf32>, tensor<21xf32>, tensor<21xf32>, tensor<10xf32>, tensor<10xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<2xf32>, tensor<2xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<6xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<421xf32>, tensor<421xf32>, tensor<2xf32>, tensor<2xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<26xf32>, tensor<26xf32>, tensor<16xf32>, tensor<16xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<12xf32>, tensor<12xf32>, tensor<92xf32>, tensor<92xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<1xf32>, tensor<1xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<6xf32>, tensor<6xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<37xf32>, tensor<37xf32>, tensor<92xf32>, tensor<92xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<11xf32>, tensor<11xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<118xf32>, tensor<118xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<60xf32>, tensor<60xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<10xf32>, tensor<10xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<2xf32>, tensor<2xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<158xf32>, tensor<158xf32>, tensor<53xf32>, tensor<53xf32>, tensor<14xf32>, tensor<14xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<34xf32>, tensor<34xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<712xf32>, tensor<712xf32>, tensor<79xf32>, tensor<79xf32>, tensor<33xf32>, tensor<33xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<1xf32>, tensor<1xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<6xf32>, tensor<6xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<29xf32>, tensor<29xf32>, tensor<6xf32>, tensor<6xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<48xf32>, tensor<48xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<45xf32>, tensor<45xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<114xf32>, tensor<114xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<12xf32>, tensor<12xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<15xf32>, tensor<15xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<16xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<1xf32>, tensor<1xf32>, tensor<758xf32>, tensor<758xf32>, tensor<12xf32>, tensor<12xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3xf32>, tensor<3xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<167xf32>, tensor<167xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<939xf32>, tensor<939xf32>, tensor<1xf32>, tensor<1xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<55xf32>, tensor<55xf32>, tensor<57xf32>, tensor<57xf32>, tensor<751xf32>, tensor<751xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<674xf32>, tensor<674xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<44xf32>, tensor<44xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<174x128xf32>, tensor<174x128xf32>) {
    %neg_clr_0 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<42169xf32>
    %eps_0 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<42169xf32>
    %sum0n = meld.fma %g0, %g0, %sum0 : tensor<42169xf32>
    %std0 = meld.sqrt %sum0n : tensor<42169xf32>
    %den0 = meld.add %std0, %eps_0 : tensor<42169xf32>
    %num0 = meld.mul %g0, %neg_clr_0 : tensor<42169xf32>
    %q0 = meld.div %num0, %den0 : tensor<42169xf32>
    %p0n = meld.add %p0, %q0 : tensor<42169xf32>
    %neg_clr_1 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %eps_1 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %sum1n = meld.fma %g1, %g1, %sum1 : tensor<1x128xf32>
    %std1 = meld.sqrt %sum1n : tensor<1x128xf32>
    %den1 = meld.add %std1, %eps_1 : tensor<1x128xf32>
    %num1 = meld.mul %g1, %neg_clr_1 : tensor<1x128xf32>
    %q1 = meld.div %num1, %den1 : tensor<1x128xf32>
    %p1n = meld.add %p1, %q1 : tensor<1x128xf32>
    %neg_clr_2 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<458xf32>
    %eps_2 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<458xf32>
    %sum2n = meld.fma %g2, %g2, %sum2 : tensor<458xf32>
    %std2 = meld.sqrt %sum2n : tensor<458xf32>
    %den2 = meld.add %std2, %eps_2 : tensor<458xf32>
    %num2 = meld.mul %g2, %neg_clr_2 : tensor<458xf32>
    %q2 = meld.div %num2, %den2 : tensor<458xf32>
    %p2n = meld.add %p2, %q2 : tensor<458xf32>
    %neg_clr_3 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<35091xf32>
    %eps_3 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<35091xf32>
    %sum3n = meld.fma %g3, %g3, %sum3 : tensor<35091xf32>
    %std3 = meld.sqrt %sum3n : tensor<35091xf32>
    %den3 = meld.add %std3, %eps_3 : tensor<35091xf32>
    %num3 = meld.mul %g3, %neg_clr_3 : tensor<35091xf32>
    %q3 = meld.div %num3, %den3 : tensor<35091xf32>
    %p3n = meld.add %p3, %q3 : tensor<35091xf32>
    %neg_clr_4 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<91xf32>
    %eps_4 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<91xf32>
    %sum4n = meld.fma %g4, %g4, %sum4 : tensor<91xf32>
    %std4 = meld.sqrt %sum4n : tensor<91xf32>
    %den4 = meld.add %std4, %eps_4 : tensor<91xf32>
    %num4 = meld.mul %g4, %neg_clr_4 : tensor<91xf32>
    %q4 = meld.div %num4, %den4 : tensor<91xf32>
    %p4n = meld.add %p4, %q4 : tensor<91xf32>
    %neg_clr_5 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<15xf32>
    %eps_5 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<15xf32>
    %sum5n = meld.fma %g5, %g5, %sum5 : tensor<15xf32>
    %std5 = meld.sqrt %sum5n : tensor<15xf32>
    %den5 = meld.add %std5, %eps_5 : tensor<15xf32>
    %num5 = meld.mul %g5, %neg_clr_5 : tensor<15xf32>
    %q5 = meld.div %num5, %den5 : tensor<15xf32>
    %p5n = meld.add %p5, %q5 : tensor<15xf32>
    %neg_clr_6 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_6 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %sum6n = meld.fma %g6, %g6, %sum6 : tensor<5xf32>
    %std6 = meld.sqrt %sum6n : tensor<5xf32>
    %den6 = meld.add %std6, %eps_6 : tensor<5xf32>
    %num6 = meld.mul %g6, %neg_clr_6 : tensor<5xf32>
    %q6 = meld.div %num6, %den6 : tensor<5xf32>
    %p6n = meld.add %p6, %q6 : tensor<5xf32>
    %neg_clr_7 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_7 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %sum7n = meld.fma %g7, %g7, %sum7 : tensor<5xf32>
    %std7 = meld.sqrt %sum7n : tensor<5xf32>
    %den7 = meld.add %std7, %eps_7 : tensor<5xf32>
    %num7 = meld.mul %g7, %neg_clr_7 : tensor<5xf32>
    %q7 = meld.div %num7, %den7 : tensor<5xf32>
    %p7n = meld.add %p7, %q7 : tensor<5xf32>
    %neg_clr_8 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_8 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %sum8n = meld.fma %g8, %g8, %sum8 : tensor<3xf32>
    %std8 = meld.sqrt %sum8n : tensor<3xf32>
    %den8 = meld.add %std8, %eps_8 : tensor<3xf32>
    %num8 = meld.mul %g8, %neg_clr_8 : tensor<3xf32>
    %q8 = meld.div %num8, %den8 : tensor<3xf32>
    %p8n = meld.add %p8, %q8 : tensor<3xf32>
    %neg_clr_9 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<23901xf32>
    %eps_9 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<23901xf32>
    %sum9n = meld.fma %g9, %g9, %sum9 : tensor<23901xf32>
    %std9 = meld.sqrt %sum9n : tensor<23901xf32>
    %den9 = meld.add %std9, %eps_9 : tensor<23901xf32>
    %num9 = meld.mul %g9, %neg_clr_9 : tensor<23901xf32>
    %q9 = meld.div %num9, %den9 : tensor<23901xf32>
    %p9n = meld.add %p9, %q9 : tensor<23901xf32>
    %neg_clr_10 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<825xf32>
    %eps_10 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<825xf32>
    %sum10n = meld.fma %g10, %g10, %sum10 : tensor<825xf32>
    %std10 = meld.sqrt %sum10n : tensor<825xf32>
    %den10 = meld.add %std10, %eps_10 : tensor<825xf32>
    %num10 = meld.mul %g10, %neg_clr_10 : tensor<825xf32>
    %q10 = meld.div %num10, %den10 : tensor<825xf32>
    %p10n = meld.add %p10, %q10 : tensor<825xf32>
    %neg_clr_11 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %eps_11 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %sum11n = meld.fma %g11, %g11, %sum11 : tensor<123x16xf32>
    %std11 = meld.sqrt %sum11n : tensor<123x16xf32>
    %den11 = meld.add %std11, %eps_11 : tensor<123x16xf32>
    %num11 = meld.mul %g11, %neg_clr_11 : tensor<123x16xf32>
    %q11 = meld.div %num11, %den11 : tensor<123x16xf32>
    %p11n = meld.add %p11, %q11 : tensor<123x16xf32>
    %neg_clr_12 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<9939xf32>
    %eps_12 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<9939xf32>
    %sum12n = meld.fma %g12, %g12, %sum12 : tensor<9939xf32>
    %std12 = meld.sqrt %sum12n : tensor<9939xf32>
    %den12 = meld.add %std12, %eps_12 : tensor<9939xf32>
    %num12 = meld.mul %g12, %neg_clr_12 : tensor<9939xf32>
    %q12 = meld.div %num12, %den12 : tensor<9939xf32>
    %p12n = meld.add %p12, %q12 : tensor<9939xf32>
    %neg_clr_13 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %eps_13 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %sum13n = meld.fma %g13, %g13, %sum13 : tensor<348x16xf32>
    %std13 = meld.sqrt %sum13n : tensor<348x16xf32>
    %den13 = meld.add %std13, %eps_13 : tensor<348x16xf32>
    %num13 = meld.mul %g13, %neg_clr_13 : tensor<348x16xf32>
    %q13 = meld.div %num13, %den13 : tensor<348x16xf32>
    %p13n = meld.add %p13, %q13 : tensor<348x16xf32>
    %neg_clr_14 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %eps_14 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %sum14n = meld.fma %g14, %g14, %sum14 : tensor<2x32xf32>
    %std14 = meld.sqrt %sum14n : tensor<2x32xf32>
    %den14 = meld.add %std14, %eps_14 : tensor<2x32xf32>
    %num14 = meld.mul %g14, %neg_clr_14 : tensor<2x32xf32>
    %q14 = meld.div %num14, %den14 : tensor<2x32xf32>
    %p14n = meld.add %p14, %q14 : tensor<2x32xf32>
    %neg_clr_15 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %eps_15 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %sum15n = meld.fma %g15, %g15, %sum15 : tensor<1538x128xf32>
    %std15 = meld.sqrt %sum15n : tensor<1538x128xf32>
    %den15 = meld.add %std15, %eps_15 : tensor<1538x128xf32>
    %num15 = meld.mul %g15, %neg_clr_15 : tensor<1538x128xf32>
    %q15 = meld.div %num15, %den15 : tensor<1538x128xf32>
    %p15n = meld.add %p15, %q15 : tensor<1538x128xf32>
    %neg_clr_16 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<26xf32>
    %eps_16 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<26xf32>
    %sum16n = meld.fma %g16, %g16, %sum16 : tensor<26xf32>
    %std16 = meld.sqrt %sum16n : tensor<26xf32>
    %den16 = meld.add %std16, %eps_16 : tensor<26xf32>
    %num16 = meld.mul %g16, %neg_clr_16 : tensor<26xf32>
    %q16 = meld.div %num16, %den16 : tensor<26xf32>
    %p16n = meld.add %p16, %q16 : tensor<26xf32>
    %neg_clr_17 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %eps_17 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %sum17n = meld.fma %g17, %g17, %sum17 : tensor<1603x16xf32>
    %std17 = meld.sqrt %sum17n : tensor<1603x16xf32>
    %den17 = meld.add %std17, %eps_17 : tensor<1603x16xf32>
    %num17 = meld.mul %g17, %neg_clr_17 : tensor<1603x16xf32>
    %q17 = meld.div %num17, %den17 : tensor<1603x16xf32>
    %p17n = meld.add %p17, %q17 : tensor<1603x16xf32>
    %neg_clr_18 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_18 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %sum18n = meld.fma %g18, %g18, %sum18 : tensor<3xf32>
    %std18 = meld.sqrt %sum18n : tensor<3xf32>
    %den18 = meld.add %std18, %eps_18 : tensor<3xf32>
    %num18 = meld.mul %g18, %neg_clr_18 : tensor<3xf32>
    %q18 = meld.div %num18, %den18 : tensor<3xf32>
    %p18n = meld.add %p18, %q18 : tensor<3xf32>
    %neg_clr_19 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<39928xf32>
    %eps_19 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<39928xf32>
    %sum19n = meld.fma %g19, %g19, %sum19 : tensor<39928xf32>
    %std19 = meld.sqrt %sum19n : tensor<39928xf32>
    %den19 = meld.add %std19, %eps_19 : tensor<39928xf32>
    %num19 = meld.mul %g19, %neg_clr_19 : tensor<39928xf32>
    %q19 = meld.div %num19, %den19 : tensor<39928xf32>
    %p19n = meld.add %p19, %q19 : tensor<39928xf32>
    %neg_clr_20 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<19943xf32>
    %eps_20 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<19943xf32>
    %sum20n = meld.fma %g20, %g20, %sum20 : tensor<19943xf32>
    %std20 = meld.sqrt %sum20n : tensor<19943xf32>
    %den20 = meld.add %std20, %eps_20 : tensor<19943xf32>
    %num20 = meld.mul %g20, %neg_clr_20 : tensor<19943xf32>
    %q20 = meld.div %num20, %den20 : tensor<19943xf32>
    %p20n = meld.add %p20, %q20 : tensor<19943xf32>
    %neg_clr_21 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2246xf32>
    %eps_21 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2246xf32>
    %sum21n = meld.fma %g21, %g21, %sum21 : tensor<2246xf32>
    %std21 = meld.sqrt %sum21n : tensor<2246xf32>
    %den21 = meld.add %std21, %eps_21 : tensor<2246xf32>
    %num21 = meld.mul %g21, %neg_clr_21 : tensor<2246xf32>
    %q21 = meld.div %num21, %den21 : tensor<2246xf32>
    %p21n = meld.add %p21, %q21 : tensor<2246xf32>
    %neg_clr_22 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<66xf32>
    %eps_22 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<66xf32>
    %sum22n = meld.fma %g22, %g22, %sum22 : tensor<66xf32>
    %std22 = meld.sqrt %sum22n : tensor<66xf32>
    %den22 = meld.add %std22, %eps_22 : tensor<66xf32>
    %num22 = meld.mul %g22, %neg_clr_22 : tensor<66xf32>
    %q22 = meld.div %num22, %den22 : tensor<66xf32>
    %p22n = meld.add %p22, %q22 : tensor<66xf32>
    %neg_clr_23 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %eps_23 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %sum23n = meld.fma %g23, %g23, %sum23 : tensor<55x128xf32>
    %std23 = meld.sqrt %sum23n : tensor<55x128xf32>
    %den23 = meld.add %std23, %eps_23 : tensor<55x128xf32>
    %num23 = meld.mul %g23, %neg_clr_23 : tensor<55x128xf32>
    %q23 = meld.div %num23, %den23 : tensor<55x128xf32>
    %p23n = meld.add %p23, %q23 : tensor<55x128xf32>
    %neg_clr_24 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_24 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %sum24n = meld.fma %g24, %g24, %sum24 : tensor<16xf32>
    %std24 = meld.sqrt %sum24n : tensor<16xf32>
    %den24 = meld.add %std24, %eps_24 : tensor<16xf32>
    %num24 = meld.mul %g24, %neg_clr_24 : tensor<16xf32>
    %q24 = meld.div %num24, %den24 : tensor<16xf32>
    %p24n = meld.add %p24, %q24 : tensor<16xf32>
    %neg_clr_25 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %eps_25 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %sum25n = meld.fma %g25, %g25, %sum25 : tensor<196x128xf32>
    %std25 = meld.sqrt %sum25n : tensor<196x128xf32>
    %den25 = meld.add %std25, %eps_25 : tensor<196x128xf32>
    %num25 = meld.mul %g25, %neg_clr_25 : tensor<196x128xf32>
    %q25 = meld.div %num25, %den25 : tensor<196x128xf32>
    %p25n = meld.add %p25, %q25 : tensor<196x128xf32>
    %neg_clr_26 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %eps_26 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %sum26n = meld.fma %g26, %g26, %sum26 : tensor<4x64xf32>
    %std26 = meld.sqrt %sum26n : tensor<4x64xf32>
    %den26 = meld.add %std26, %eps_26 : tensor<4x64xf32>
    %num26 = meld.mul %g26, %neg_clr_26 : tensor<4x64xf32>
    %q26 = meld.div %num26, %den26 : tensor<4x64xf32>
    %p26n = meld.add %p26, %q26 : tensor<4x64xf32>
    %neg_clr_27 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<62081xf32>
    %eps_27 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<62081xf32>
    %sum27n = meld.fma %g27, %g27, %sum27 : tensor<62081xf32>
    %std27 = meld.sqrt %sum27n : tensor<62081xf32>
    %den27 = meld.add %std27, %eps_27 : tensor<62081xf32>
    %num27 = meld.mul %g27, %neg_clr_27 : tensor<62081xf32>
    %q27 = meld.div %num27, %den27 : tensor<62081xf32>
    %p27n = meld.add %p27, %q27 : tensor<62081xf32>
    %neg_clr_28 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %eps_28 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %sum28n = meld.fma %g28, %g28, %sum28 : tensor<7x64xf32>
    %std28 = meld.sqrt %sum28n : tensor<7x64xf32>
    %den28 = meld.add %std28, %eps_28 : tensor<7x64xf32>
    %num28 = meld.mul %g28, %neg_clr_28 : tensor<7x64xf32>
    %q28 = meld.div %num28, %den28 : tensor<7x64xf32>
    %p28n = meld.add %p28, %q28 : tensor<7x64xf32>
    %neg_clr_29 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %eps_29 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %sum29n = meld.fma %g29, %g29, %sum29 : tensor<57x128xf32>
    %std29 = meld.sqrt %sum29n : tensor<57x128xf32>
    %den29 = meld.add %std29, %eps_29 : tensor<57x128xf32>
    %num29 = meld.mul %g29, %neg_clr_29 : tensor<57x128xf32>
    %q29 = meld.div %num29, %den29 : tensor<57x128xf32>
    %p29n = meld.add %p29, %q29 : tensor<57x128xf32>
    %neg_clr_30 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_30 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %sum30n = meld.fma %g30, %g30, %sum30 : tensor<12xf32>
    %std30 = meld.sqrt %sum30n : tensor<12xf32>
    %den30 = meld.add %std30, %eps_30 : tensor<12xf32>
    %num30 = meld.mul %g30, %neg_clr_30 : tensor<12xf32>
    %q30 = meld.div %num30, %den30 : tensor<12xf32>
    %p30n = meld.add %p30, %q30 : tensor<12xf32>
    %neg_clr_31 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %eps_31 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %sum31n = meld.fma %g31, %g31, %sum31 : tensor<373x64xf32>
    %std31 = meld.sqrt %sum31n : tensor<373x64xf32>
    %den31 = meld.add %std31, %eps_31 : tensor<373x64xf32>
    %num31 = meld.mul %g31, %neg_clr_31 : tensor<373x64xf32>
    %q31 = meld.div %num31, %den31 : tensor<373x64xf32>
    %p31n = meld.add %p31, %q31 : tensor<373x64xf32>
    %neg_clr_32 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %eps_32 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %sum32n = meld.fma %g32, %g32, %sum32 : tensor<2x96xf32>
    %std32 = meld.sqrt %sum32n : tensor<2x96xf32>
    %den32 = meld.add %std32, %eps_32 : tensor<2x96xf32>
    %num32 = meld.mul %g32, %neg_clr_32 : tensor<2x96xf32>
    %q32 = meld.div %num32, %den32 : tensor<2x96xf32>
    %p32n = meld.add %p32, %q32 : tensor<2x96xf32>
    %neg_clr_33 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<54xf32>
    %eps_33 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<54xf32>
    %sum33n = meld.fma %g33, %g33, %sum33 : tensor<54xf32>
    %std33 = meld.sqrt %sum33n : tensor<54xf32>
    %den33 = meld.add %std33, %eps_33 : tensor<54xf32>
    %num33 = meld.mul %g33, %neg_clr_33 : tensor<54xf32>
    %q33 = meld.div %num33, %den33 : tensor<54xf32>
    %p33n = meld.add %p33, %q33 : tensor<54xf32>
    %neg_clr_34 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<21xf32>
    %eps_34 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<21xf32>
    %sum34n = meld.fma %g34, %g34, %sum34 : tensor<21xf32>
    %std34 = meld.sqrt %sum34n : tensor<21xf32>
    %den34 = meld.add %std34, %eps_34 : tensor<21xf32>
    %num34 = meld.mul %g34, %neg_clr_34 : tensor<21xf32>
    %q34 = meld.div %num34, %den34 : tensor<21xf32>
    %p34n = meld.add %p34, %q34 : tensor<21xf32>
    %neg_clr_35 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<10xf32>
    %eps_35 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10xf32>
    %sum35n = meld.fma %g35, %g35, %sum35 : tensor<10xf32>
    %std35 = meld.sqrt %sum35n : tensor<10xf32>
    %den35 = meld.add %std35, %eps_35 : tensor<10xf32>
    %num35 = meld.mul %g35, %neg_clr_35 : tensor<10xf32>
    %q35 = meld.div %num35, %den35 : tensor<10xf32>
    %p35n = meld.add %p35, %q35 : tensor<10xf32>
    %neg_clr_36 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %eps_36 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %sum36n = meld.fma %g36, %g36, %sum36 : tensor<493x64xf32>
    %std36 = meld.sqrt %sum36n : tensor<493x64xf32>
    %den36 = meld.add %std36, %eps_36 : tensor<493x64xf32>
    %num36 = meld.mul %g36, %neg_clr_36 : tensor<493x64xf32>
    %q36 = meld.div %num36, %den36 : tensor<493x64xf32>
    %p36n = meld.add %p36, %q36 : tensor<493x64xf32>
    %neg_clr_37 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %eps_37 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %sum37n = meld.fma %g37, %g37, %sum37 : tensor<12x32xf32>
    %std37 = meld.sqrt %sum37n : tensor<12x32xf32>
    %den37 = meld.add %std37, %eps_37 : tensor<12x32xf32>
    %num37 = meld.mul %g37, %neg_clr_37 : tensor<12x32xf32>
    %q37 = meld.div %num37, %den37 : tensor<12x32xf32>
    %p37n = meld.add %p37, %q37 : tensor<12x32xf32>
    %neg_clr_38 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<63412xf32>
    %eps_38 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<63412xf32>
    %sum38n = meld.fma %g38, %g38, %sum38 : tensor<63412xf32>
    %std38 = meld.sqrt %sum38n : tensor<63412xf32>
    %den38 = meld.add %std38, %eps_38 : tensor<63412xf32>
    %num38 = meld.mul %g38, %neg_clr_38 : tensor<63412xf32>
    %q38 = meld.div %num38, %den38 : tensor<63412xf32>
    %p38n = meld.add %p38, %q38 : tensor<63412xf32>
    %neg_clr_39 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<41139xf32>
    %eps_39 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<41139xf32>
    %sum39n = meld.fma %g39, %g39, %sum39 : tensor<41139xf32>
    %std39 = meld.sqrt %sum39n : tensor<41139xf32>
    %den39 = meld.add %std39, %eps_39 : tensor<41139xf32>
    %num39 = meld.mul %g39, %neg_clr_39 : tensor<41139xf32>
    %q39 = meld.div %num39, %den39 : tensor<41139xf32>
    %p39n = meld.add %p39, %q39 : tensor<41139xf32>
    %neg_clr_40 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %eps_40 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %sum40n = meld.fma %g40, %g40, %sum40 : tensor<1184x96xf32>
    %std40 = meld.sqrt %sum40n : tensor<1184x96xf32>
    %den40 = meld.add %std40, %eps_40 : tensor<1184x96xf32>
    %num40 = meld.mul %g40, %neg_clr_40 : tensor<1184x96xf32>
    %q40 = meld.div %num40, %den40 : tensor<1184x96xf32>
    %p40n = meld.add %p40, %q40 : tensor<1184x96xf32>
    %neg_clr_41 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %eps_41 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %sum41n = meld.fma %g41, %g41, %sum41 : tensor<303x128xf32>
    %std41 = meld.sqrt %sum41n : tensor<303x128xf32>
    %den41 = meld.add %std41, %eps_41 : tensor<303x128xf32>
    %num41 = meld.mul %g41, %neg_clr_41 : tensor<303x128xf32>
    %q41 = meld.div %num41, %den41 : tensor<303x128xf32>
    %p41n = meld.add %p41, %q41 : tensor<303x128xf32>
    %neg_clr_42 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<27886xf32>
    %eps_42 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<27886xf32>
    %sum42n = meld.fma %g42, %g42, %sum42 : tensor<27886xf32>
    %std42 = meld.sqrt %sum42n : tensor<27886xf32>
    %den42 = meld.add %std42, %eps_42 : tensor<27886xf32>
    %num42 = meld.mul %g42, %neg_clr_42 : tensor<27886xf32>
    %q42 = meld.div %num42, %den42 : tensor<27886xf32>
    %p42n = meld.add %p42, %q42 : tensor<27886xf32>
    %neg_clr_43 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %eps_43 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %sum43n = meld.fma %g43, %g43, %sum43 : tensor<831x96xf32>
    %std43 = meld.sqrt %sum43n : tensor<831x96xf32>
    %den43 = meld.add %std43, %eps_43 : tensor<831x96xf32>
    %num43 = meld.mul %g43, %neg_clr_43 : tensor<831x96xf32>
    %q43 = meld.div %num43, %den43 : tensor<831x96xf32>
    %p43n = meld.add %p43, %q43 : tensor<831x96xf32>
    %neg_clr_44 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %eps_44 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %sum44n = meld.fma %g44, %g44, %sum44 : tensor<23x64xf32>
    %std44 = meld.sqrt %sum44n : tensor<23x64xf32>
    %den44 = meld.add %std44, %eps_44 : tensor<23x64xf32>
    %num44 = meld.mul %g44, %neg_clr_44 : tensor<23x64xf32>
    %q44 = meld.div %num44, %den44 : tensor<23x64xf32>
    %p44n = meld.add %p44, %q44 : tensor<23x64xf32>
    %neg_clr_45 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_45 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum45n = meld.fma %g45, %g45, %sum45 : tensor<2xf32>
    %std45 = meld.sqrt %sum45n : tensor<2xf32>
    %den45 = meld.add %std45, %eps_45 : tensor<2xf32>
    %num45 = meld.mul %g45, %neg_clr_45 : tensor<2xf32>
    %q45 = meld.div %num45, %den45 : tensor<2xf32>
    %p45n = meld.add %p45, %q45 : tensor<2xf32>
    %neg_clr_46 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %eps_46 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %sum46n = meld.fma %g46, %g46, %sum46 : tensor<35x64xf32>
    %std46 = meld.sqrt %sum46n : tensor<35x64xf32>
    %den46 = meld.add %std46, %eps_46 : tensor<35x64xf32>
    %num46 = meld.mul %g46, %neg_clr_46 : tensor<35x64xf32>
    %q46 = meld.div %num46, %den46 : tensor<35x64xf32>
    %p46n = meld.add %p46, %q46 : tensor<35x64xf32>
    %neg_clr_47 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %eps_47 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %sum47n = meld.fma %g47, %g47, %sum47 : tensor<664x64xf32>
    %std47 = meld.sqrt %sum47n : tensor<664x64xf32>
    %den47 = meld.add %std47, %eps_47 : tensor<664x64xf32>
    %num47 = meld.mul %g47, %neg_clr_47 : tensor<664x64xf32>
    %q47 = meld.div %num47, %den47 : tensor<664x64xf32>
    %p47n = meld.add %p47, %q47 : tensor<664x64xf32>
    %neg_clr_48 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_48 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %sum48n = meld.fma %g48, %g48, %sum48 : tensor<4xf32>
    %std48 = meld.sqrt %sum48n : tensor<4xf32>
    %den48 = meld.add %std48, %eps_48 : tensor<4xf32>
    %num48 = meld.mul %g48, %neg_clr_48 : tensor<4xf32>
    %q48 = meld.div %num48, %den48 : tensor<4xf32>
    %p48n = meld.add %p48, %q48 : tensor<4xf32>
    %neg_clr_49 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_49 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %sum49n = meld.fma %g49, %g49, %sum49 : tensor<16xf32>
    %std49 = meld.sqrt %sum49n : tensor<16xf32>
    %den49 = meld.add %std49, %eps_49 : tensor<16xf32>
    %num49 = meld.mul %g49, %neg_clr_49 : tensor<16xf32>
    %q49 = meld.div %num49, %den49 : tensor<16xf32>
    %p49n = meld.add %p49, %q49 : tensor<16xf32>
    %neg_clr_50 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %eps_50 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %sum50n = meld.fma %g50, %g50, %sum50 : tensor<1405x16xf32>
    %std50 = meld.sqrt %sum50n : tensor<1405x16xf32>
    %den50 = meld.add %std50, %eps_50 : tensor<1405x16xf32>
    %num50 = meld.mul %g50, %neg_clr_50 : tensor<1405x16xf32>
    %q50 = meld.div %num50, %den50 : tensor<1405x16xf32>
    %p50n = meld.add %p50, %q50 : tensor<1405x16xf32>
    %neg_clr_51 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_51 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %sum51n = meld.fma %g51, %g51, %sum51 : tensor<3xf32>
    %std51 = meld.sqrt %sum51n : tensor<3xf32>
    %den51 = meld.add %std51, %eps_51 : tensor<3xf32>
    %num51 = meld.mul %g51, %neg_clr_51 : tensor<3xf32>
    %q51 = meld.div %num51, %den51 : tensor<3xf32>
    %p51n = meld.add %p51, %q51 : tensor<3xf32>
    %neg_clr_52 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_52 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %sum52n = meld.fma %g52, %g52, %sum52 : tensor<6xf32>
    %std52 = meld.sqrt %sum52n : tensor<6xf32>
    %den52 = meld.add %std52, %eps_52 : tensor<6xf32>
    %num52 = meld.mul %g52, %neg_clr_52 : tensor<6xf32>
    %q52 = meld.div %num52, %den52 : tensor<6xf32>
    %p52n = meld.add %p52, %q52 : tensor<6xf32>
    %neg_clr_53 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %eps_53 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %sum53n = meld.fma %g53, %g53, %sum53 : tensor<51x128xf32>
    %std53 = meld.sqrt %sum53n : tensor<51x128xf32>
    %den53 = meld.add %std53, %eps_53 : tensor<51x128xf32>
    %num53 = meld.mul %g53, %neg_clr_53 : tensor<51x128xf32>
    %q53 = meld.div %num53, %den53 : tensor<51x128xf32>
    %p53n = meld.add %p53, %q53 : tensor<51x128xf32>
    %neg_clr_54 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2975xf32>
    %eps_54 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2975xf32>
    %sum54n = meld.fma %g54, %g54, %sum54 : tensor<2975xf32>
    %std54 = meld.sqrt %sum54n : tensor<2975xf32>
    %den54 = meld.add %std54, %eps_54 : tensor<2975xf32>
    %num54 = meld.mul %g54, %neg_clr_54 : tensor<2975xf32>
    %q54 = meld.div %num54, %den54 : tensor<2975xf32>
    %p54n = meld.add %p54, %q54 : tensor<2975xf32>
    %neg_clr_55 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %eps_55 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %sum55n = meld.fma %g55, %g55, %sum55 : tensor<124x16xf32>
    %std55 = meld.sqrt %sum55n : tensor<124x16xf32>
    %den55 = meld.add %std55, %eps_55 : tensor<124x16xf32>
    %num55 = meld.mul %g55, %neg_clr_55 : tensor<124x16xf32>
    %q55 = meld.div %num55, %den55 : tensor<124x16xf32>
    %p55n = meld.add %p55, %q55 : tensor<124x16xf32>
    %neg_clr_56 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3005xf32>
    %eps_56 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3005xf32>
    %sum56n = meld.fma %g56, %g56, %sum56 : tensor<3005xf32>
    %std56 = meld.sqrt %sum56n : tensor<3005xf32>
    %den56 = meld.add %std56, %eps_56 : tensor<3005xf32>
    %num56 = meld.mul %g56, %neg_clr_56 : tensor<3005xf32>
    %q56 = meld.div %num56, %den56 : tensor<3005xf32>
    %p56n = meld.add %p56, %q56 : tensor<3005xf32>
    %neg_clr_57 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %eps_57 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %sum57n = meld.fma %g57, %g57, %sum57 : tensor<22x64xf32>
    %std57 = meld.sqrt %sum57n : tensor<22x64xf32>
    %den57 = meld.add %std57, %eps_57 : tensor<22x64xf32>
    %num57 = meld.mul %g57, %neg_clr_57 : tensor<22x64xf32>
    %q57 = meld.div %num57, %den57 : tensor<22x64xf32>
    %p57n = meld.add %p57, %q57 : tensor<22x64xf32>
    %neg_clr_58 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %eps_58 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %sum58n = meld.fma %g58, %g58, %sum58 : tensor<288x128xf32>
    %std58 = meld.sqrt %sum58n : tensor<288x128xf32>
    %den58 = meld.add %std58, %eps_58 : tensor<288x128xf32>
    %num58 = meld.mul %g58, %neg_clr_58 : tensor<288x128xf32>
    %q58 = meld.div %num58, %den58 : tensor<288x128xf32>
    %p58n = meld.add %p58, %q58 : tensor<288x128xf32>
    %neg_clr_59 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_59 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum59n = meld.fma %g59, %g59, %sum59 : tensor<1xf32>
    %std59 = meld.sqrt %sum59n : tensor<1xf32>
    %den59 = meld.add %std59, %eps_59 : tensor<1xf32>
    %num59 = meld.mul %g59, %neg_clr_59 : tensor<1xf32>
    %q59 = meld.div %num59, %den59 : tensor<1xf32>
    %p59n = meld.add %p59, %q59 : tensor<1xf32>
    %neg_clr_60 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %eps_60 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %sum60n = meld.fma %g60, %g60, %sum60 : tensor<11470x16xf32>
    %std60 = meld.sqrt %sum60n : tensor<11470x16xf32>
    %den60 = meld.add %std60, %eps_60 : tensor<11470x16xf32>
    %num60 = meld.mul %g60, %neg_clr_60 : tensor<11470x16xf32>
    %q60 = meld.div %num60, %den60 : tensor<11470x16xf32>
    %p60n = meld.add %p60, %q60 : tensor<11470x16xf32>
    %neg_clr_61 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<421xf32>
    %eps_61 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<421xf32>
    %sum61n = meld.fma %g61, %g61, %sum61 : tensor<421xf32>
    %std61 = meld.sqrt %sum61n : tensor<421xf32>
    %den61 = meld.add %std61, %eps_61 : tensor<421xf32>
    %num61 = meld.mul %g61, %neg_clr_61 : tensor<421xf32>
    %q61 = meld.div %num61, %den61 : tensor<421xf32>
    %p61n = meld.add %p61, %q61 : tensor<421xf32>
    %neg_clr_62 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_62 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum62n = meld.fma %g62, %g62, %sum62 : tensor<2xf32>
    %std62 = meld.sqrt %sum62n : tensor<2xf32>
    %den62 = meld.add %std62, %eps_62 : tensor<2xf32>
    %num62 = meld.mul %g62, %neg_clr_62 : tensor<2xf32>
    %q62 = meld.div %num62, %den62 : tensor<2xf32>
    %p62n = meld.add %p62, %q62 : tensor<2xf32>
    %neg_clr_63 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %eps_63 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %sum63n = meld.fma %g63, %g63, %sum63 : tensor<41x128xf32>
    %std63 = meld.sqrt %sum63n : tensor<41x128xf32>
    %den63 = meld.add %std63, %eps_63 : tensor<41x128xf32>
    %num63 = meld.mul %g63, %neg_clr_63 : tensor<41x128xf32>
    %q63 = meld.div %num63, %den63 : tensor<41x128xf32>
    %p63n = meld.add %p63, %q63 : tensor<41x128xf32>
    %neg_clr_64 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_64 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %sum64n = meld.fma %g64, %g64, %sum64 : tensor<3xf32>
    %std64 = meld.sqrt %sum64n : tensor<3xf32>
    %den64 = meld.add %std64, %eps_64 : tensor<3xf32>
    %num64 = meld.mul %g64, %neg_clr_64 : tensor<3xf32>
    %q64 = meld.div %num64, %den64 : tensor<3xf32>
    %p64n = meld.add %p64, %q64 : tensor<3xf32>
    %neg_clr_65 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<26xf32>
    %eps_65 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<26xf32>
    %sum65n = meld.fma %g65, %g65, %sum65 : tensor<26xf32>
    %std65 = meld.sqrt %sum65n : tensor<26xf32>
    %den65 = meld.add %std65, %eps_65 : tensor<26xf32>
    %num65 = meld.mul %g65, %neg_clr_65 : tensor<26xf32>
    %q65 = meld.div %num65, %den65 : tensor<26xf32>
    %p65n = meld.add %p65, %q65 : tensor<26xf32>
    %neg_clr_66 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_66 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %sum66n = meld.fma %g66, %g66, %sum66 : tensor<16xf32>
    %std66 = meld.sqrt %sum66n : tensor<16xf32>
    %den66 = meld.add %std66, %eps_66 : tensor<16xf32>
    %num66 = meld.mul %g66, %neg_clr_66 : tensor<16xf32>
    %q66 = meld.div %num66, %den66 : tensor<16xf32>
    %p66n = meld.add %p66, %q66 : tensor<16xf32>
    %neg_clr_67 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %eps_67 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %sum67n = meld.fma %g67, %g67, %sum67 : tensor<109x32xf32>
    %std67 = meld.sqrt %sum67n : tensor<109x32xf32>
    %den67 = meld.add %std67, %eps_67 : tensor<109x32xf32>
    %num67 = meld.mul %g67, %neg_clr_67 : tensor<109x32xf32>
    %q67 = meld.div %num67, %den67 : tensor<109x32xf32>
    %p67n = meld.add %p67, %q67 : tensor<109x32xf32>
    %neg_clr_68 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_68 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum68n = meld.fma %g68, %g68, %sum68 : tensor<2xf32>
    %std68 = meld.sqrt %sum68n : tensor<2xf32>
    %den68 = meld.add %std68, %eps_68 : tensor<2xf32>
    %num68 = meld.mul %g68, %neg_clr_68 : tensor<2xf32>
    %q68 = meld.div %num68, %den68 : tensor<2xf32>
    %p68n = meld.add %p68, %q68 : tensor<2xf32>
    %neg_clr_69 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %eps_69 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %sum69n = meld.fma %g69, %g69, %sum69 : tensor<3x96xf32>
    %std69 = meld.sqrt %sum69n : tensor<3x96xf32>
    %den69 = meld.add %std69, %eps_69 : tensor<3x96xf32>
    %num69 = meld.mul %g69, %neg_clr_69 : tensor<3x96xf32>
    %q69 = meld.div %num69, %den69 : tensor<3x96xf32>
    %p69n = meld.add %p69, %q69 : tensor<3x96xf32>
    %neg_clr_70 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_70 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %sum70n = meld.fma %g70, %g70, %sum70 : tensor<12xf32>
    %std70 = meld.sqrt %sum70n : tensor<12xf32>
    %den70 = meld.add %std70, %eps_70 : tensor<12xf32>
    %num70 = meld.mul %g70, %neg_clr_70 : tensor<12xf32>
    %q70 = meld.div %num70, %den70 : tensor<12xf32>
    %p70n = meld.add %p70, %q70 : tensor<12xf32>
    %neg_clr_71 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<92xf32>
    %eps_71 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<92xf32>
    %sum71n = meld.fma %g71, %g71, %sum71 : tensor<92xf32>
    %std71 = meld.sqrt %sum71n : tensor<92xf32>
    %den71 = meld.add %std71, %eps_71 : tensor<92xf32>
    %num71 = meld.mul %g71, %neg_clr_71 : tensor<92xf32>
    %q71 = meld.div %num71, %den71 : tensor<92xf32>
    %p71n = meld.add %p71, %q71 : tensor<92xf32>
    %neg_clr_72 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<39049xf32>
    %eps_72 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<39049xf32>
    %sum72n = meld.fma %g72, %g72, %sum72 : tensor<39049xf32>
    %std72 = meld.sqrt %sum72n : tensor<39049xf32>
    %den72 = meld.add %std72, %eps_72 : tensor<39049xf32>
    %num72 = meld.mul %g72, %neg_clr_72 : tensor<39049xf32>
    %q72 = meld.div %num72, %den72 : tensor<39049xf32>
    %p72n = meld.add %p72, %q72 : tensor<39049xf32>
    %neg_clr_73 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<8xf32>
    %eps_73 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<8xf32>
    %sum73n = meld.fma %g73, %g73, %sum73 : tensor<8xf32>
    %std73 = meld.sqrt %sum73n : tensor<8xf32>
    %den73 = meld.add %std73, %eps_73 : tensor<8xf32>
    %num73 = meld.mul %g73, %neg_clr_73 : tensor<8xf32>
    %q73 = meld.div %num73, %den73 : tensor<8xf32>
    %p73n = meld.add %p73, %q73 : tensor<8xf32>
    %neg_clr_74 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<4832xf32>
    %eps_74 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4832xf32>
    %sum74n = meld.fma %g74, %g74, %sum74 : tensor<4832xf32>
    %std74 = meld.sqrt %sum74n : tensor<4832xf32>
    %den74 = meld.add %std74, %eps_74 : tensor<4832xf32>
    %num74 = meld.mul %g74, %neg_clr_74 : tensor<4832xf32>
    %q74 = meld.div %num74, %den74 : tensor<4832xf32>
    %p74n = meld.add %p74, %q74 : tensor<4832xf32>
    %neg_clr_75 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_75 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum75n = meld.fma %g75, %g75, %sum75 : tensor<2xf32>
    %std75 = meld.sqrt %sum75n : tensor<2xf32>
    %den75 = meld.add %std75, %eps_75 : tensor<2xf32>
    %num75 = meld.mul %g75, %neg_clr_75 : tensor<2xf32>
    %q75 = meld.div %num75, %den75 : tensor<2xf32>
    %p75n = meld.add %p75, %q75 : tensor<2xf32>
    %neg_clr_76 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5054xf32>
    %eps_76 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5054xf32>
    %sum76n = meld.fma %g76, %g76, %sum76 : tensor<5054xf32>
    %std76 = meld.sqrt %sum76n : tensor<5054xf32>
    %den76 = meld.add %std76, %eps_76 : tensor<5054xf32>
    %num76 = meld.mul %g76, %neg_clr_76 : tensor<5054xf32>
    %q76 = meld.div %num76, %den76 : tensor<5054xf32>
    %p76n = meld.add %p76, %q76 : tensor<5054xf32>
    %neg_clr_77 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %eps_77 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %sum77n = meld.fma %g77, %g77, %sum77 : tensor<1x128xf32>
    %std77 = meld.sqrt %sum77n : tensor<1x128xf32>
    %den77 = meld.add %std77, %eps_77 : tensor<1x128xf32>
    %num77 = meld.mul %g77, %neg_clr_77 : tensor<1x128xf32>
    %q77 = meld.div %num77, %den77 : tensor<1x128xf32>
    %p77n = meld.add %p77, %q77 : tensor<1x128xf32>
    %neg_clr_78 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<111357xf32>
    %eps_78 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<111357xf32>
    %sum78n = meld.fma %g78, %g78, %sum78 : tensor<111357xf32>
    %std78 = meld.sqrt %sum78n : tensor<111357xf32>
    %den78 = meld.add %std78, %eps_78 : tensor<111357xf32>
    %num78 = meld.mul %g78, %neg_clr_78 : tensor<111357xf32>
    %q78 = meld.div %num78, %den78 : tensor<111357xf32>
    %p78n = meld.add %p78, %q78 : tensor<111357xf32>
    %neg_clr_79 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_79 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum79n = meld.fma %g79, %g79, %sum79 : tensor<1xf32>
    %std79 = meld.sqrt %sum79n : tensor<1xf32>
    %den79 = meld.add %std79, %eps_79 : tensor<1xf32>
    %num79 = meld.mul %g79, %neg_clr_79 : tensor<1xf32>
    %q79 = meld.div %num79, %den79 : tensor<1xf32>
    %p79n = meld.add %p79, %q79 : tensor<1xf32>
    %neg_clr_80 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5388xf32>
    %eps_80 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5388xf32>
    %sum80n = meld.fma %g80, %g80, %sum80 : tensor<5388xf32>
    %std80 = meld.sqrt %sum80n : tensor<5388xf32>
    %den80 = meld.add %std80, %eps_80 : tensor<5388xf32>
    %num80 = meld.mul %g80, %neg_clr_80 : tensor<5388xf32>
    %q80 = meld.div %num80, %den80 : tensor<5388xf32>
    %p80n = meld.add %p80, %q80 : tensor<5388xf32>
    %neg_clr_81 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<61860xf32>
    %eps_81 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<61860xf32>
    %sum81n = meld.fma %g81, %g81, %sum81 : tensor<61860xf32>
    %std81 = meld.sqrt %sum81n : tensor<61860xf32>
    %den81 = meld.add %std81, %eps_81 : tensor<61860xf32>
    %num81 = meld.mul %g81, %neg_clr_81 : tensor<61860xf32>
    %q81 = meld.div %num81, %den81 : tensor<61860xf32>
    %p81n = meld.add %p81, %q81 : tensor<61860xf32>
    %neg_clr_82 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %eps_82 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %sum82n = meld.fma %g82, %g82, %sum82 : tensor<55x64xf32>
    %std82 = meld.sqrt %sum82n : tensor<55x64xf32>
    %den82 = meld.add %std82, %eps_82 : tensor<55x64xf32>
    %num82 = meld.mul %g82, %neg_clr_82 : tensor<55x64xf32>
    %q82 = meld.div %num82, %den82 : tensor<55x64xf32>
    %p82n = meld.add %p82, %q82 : tensor<55x64xf32>
    %neg_clr_83 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_83 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %sum83n = meld.fma %g83, %g83, %sum83 : tensor<6xf32>
    %std83 = meld.sqrt %sum83n : tensor<6xf32>
    %den83 = meld.add %std83, %eps_83 : tensor<6xf32>
    %num83 = meld.mul %g83, %neg_clr_83 : tensor<6xf32>
    %q83 = meld.div %num83, %den83 : tensor<6xf32>
    %p83n = meld.add %p83, %q83 : tensor<6xf32>
    %neg_clr_84 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %eps_84 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %sum84n = meld.fma %g84, %g84, %sum84 : tensor<379x16xf32>
    %std84 = meld.sqrt %sum84n : tensor<379x16xf32>
    %den84 = meld.add %std84, %eps_84 : tensor<379x16xf32>
    %num84 = meld.mul %g84, %neg_clr_84 : tensor<379x16xf32>
    %q84 = meld.div %num84, %den84 : tensor<379x16xf32>
    %p84n = meld.add %p84, %q84 : tensor<379x16xf32>
    %neg_clr_85 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %eps_85 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %sum85n = meld.fma %g85, %g85, %sum85 : tensor<1x64xf32>
    %std85 = meld.sqrt %sum85n : tensor<1x64xf32>
    %den85 = meld.add %std85, %eps_85 : tensor<1x64xf32>
    %num85 = meld.mul %g85, %neg_clr_85 : tensor<1x64xf32>
    %q85 = meld.div %num85, %den85 : tensor<1x64xf32>
    %p85n = meld.add %p85, %q85 : tensor<1x64xf32>
    %neg_clr_86 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_86 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %sum86n = meld.fma %g86, %g86, %sum86 : tensor<5xf32>
    %std86 = meld.sqrt %sum86n : tensor<5xf32>
    %den86 = meld.add %std86, %eps_86 : tensor<5xf32>
    %num86 = meld.mul %g86, %neg_clr_86 : tensor<5xf32>
    %q86 = meld.div %num86, %den86 : tensor<5xf32>
    %p86n = meld.add %p86, %q86 : tensor<5xf32>
    %neg_clr_87 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %eps_87 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %sum87n = meld.fma %g87, %g87, %sum87 : tensor<116x128xf32>
    %std87 = meld.sqrt %sum87n : tensor<116x128xf32>
    %den87 = meld.add %std87, %eps_87 : tensor<116x128xf32>
    %num87 = meld.mul %g87, %neg_clr_87 : tensor<116x128xf32>
    %q87 = meld.div %num87, %den87 : tensor<116x128xf32>
    %p87n = meld.add %p87, %q87 : tensor<116x128xf32>
    %neg_clr_88 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<37xf32>
    %eps_88 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<37xf32>
    %sum88n = meld.fma %g88, %g88, %sum88 : tensor<37xf32>
    %std88 = meld.sqrt %sum88n : tensor<37xf32>
    %den88 = meld.add %std88, %eps_88 : tensor<37xf32>
    %num88 = meld.mul %g88, %neg_clr_88 : tensor<37xf32>
    %q88 = meld.div %num88, %den88 : tensor<37xf32>
    %p88n = meld.add %p88, %q88 : tensor<37xf32>
    %neg_clr_89 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<92xf32>
    %eps_89 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<92xf32>
    %sum89n = meld.fma %g89, %g89, %sum89 : tensor<92xf32>
    %std89 = meld.sqrt %sum89n : tensor<92xf32>
    %den89 = meld.add %std89, %eps_89 : tensor<92xf32>
    %num89 = meld.mul %g89, %neg_clr_89 : tensor<92xf32>
    %q89 = meld.div %num89, %den89 : tensor<92xf32>
    %p89n = meld.add %p89, %q89 : tensor<92xf32>
    %neg_clr_90 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2958xf32>
    %eps_90 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2958xf32>
    %sum90n = meld.fma %g90, %g90, %sum90 : tensor<2958xf32>
    %std90 = meld.sqrt %sum90n : tensor<2958xf32>
    %den90 = meld.add %std90, %eps_90 : tensor<2958xf32>
    %num90 = meld.mul %g90, %neg_clr_90 : tensor<2958xf32>
    %q90 = meld.div %num90, %den90 : tensor<2958xf32>
    %p90n = meld.add %p90, %q90 : tensor<2958xf32>
    %neg_clr_91 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %eps_91 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %sum91n = meld.fma %g91, %g91, %sum91 : tensor<86x96xf32>
    %std91 = meld.sqrt %sum91n : tensor<86x96xf32>
    %den91 = meld.add %std91, %eps_91 : tensor<86x96xf32>
    %num91 = meld.mul %g91, %neg_clr_91 : tensor<86x96xf32>
    %q91 = meld.div %num91, %den91 : tensor<86x96xf32>
    %p91n = meld.add %p91, %q91 : tensor<86x96xf32>
    %neg_clr_92 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %eps_92 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %sum92n = meld.fma %g92, %g92, %sum92 : tensor<270x128xf32>
    %std92 = meld.sqrt %sum92n : tensor<270x128xf32>
    %den92 = meld.add %std92, %eps_92 : tensor<270x128xf32>
    %num92 = meld.mul %g92, %neg_clr_92 : tensor<270x128xf32>
    %q92 = meld.div %num92, %den92 : tensor<270x128xf32>
    %p92n = meld.add %p92, %q92 : tensor<270x128xf32>
    %neg_clr_93 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<11xf32>
    %eps_93 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<11xf32>
    %sum93n = meld.fma %g93, %g93, %sum93 : tensor<11xf32>
    %std93 = meld.sqrt %sum93n : tensor<11xf32>
    %den93 = meld.add %std93, %eps_93 : tensor<11xf32>
    %num93 = meld.mul %g93, %neg_clr_93 : tensor<11xf32>
    %q93 = meld.div %num93, %den93 : tensor<11xf32>
    %p93n = meld.add %p93, %q93 : tensor<11xf32>
    %neg_clr_94 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %eps_94 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %sum94n = meld.fma %g94, %g94, %sum94 : tensor<1x96xf32>
    %std94 = meld.sqrt %sum94n : tensor<1x96xf32>
    %den94 = meld.add %std94, %eps_94 : tensor<1x96xf32>
    %num94 = meld.mul %g94, %neg_clr_94 : tensor<1x96xf32>
    %q94 = meld.div %num94, %den94 : tensor<1x96xf32>
    %p94n = meld.add %p94, %q94 : tensor<1x96xf32>
    %neg_clr_95 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<118xf32>
    %eps_95 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<118xf32>
    %sum95n = meld.fma %g95, %g95, %sum95 : tensor<118xf32>
    %std95 = meld.sqrt %sum95n : tensor<118xf32>
    %den95 = meld.add %std95, %eps_95 : tensor<118xf32>
    %num95 = meld.mul %g95, %neg_clr_95 : tensor<118xf32>
    %q95 = meld.div %num95, %den95 : tensor<118xf32>
    %p95n = meld.add %p95, %q95 : tensor<118xf32>
    %neg_clr_96 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %eps_96 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %sum96n = meld.fma %g96, %g96, %sum96 : tensor<13x96xf32>
    %std96 = meld.sqrt %sum96n : tensor<13x96xf32>
    %den96 = meld.add %std96, %eps_96 : tensor<13x96xf32>
    %num96 = meld.mul %g96, %neg_clr_96 : tensor<13x96xf32>
    %q96 = meld.div %num96, %den96 : tensor<13x96xf32>
    %p96n = meld.add %p96, %q96 : tensor<13x96xf32>
    %neg_clr_97 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %eps_97 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %sum97n = meld.fma %g97, %g97, %sum97 : tensor<3717x16xf32>
    %std97 = meld.sqrt %sum97n : tensor<3717x16xf32>
    %den97 = meld.add %std97, %eps_97 : tensor<3717x16xf32>
    %num97 = meld.mul %g97, %neg_clr_97 : tensor<3717x16xf32>
    %q97 = meld.div %num97, %den97 : tensor<3717x16xf32>
    %p97n = meld.add %p97, %q97 : tensor<3717x16xf32>
    %neg_clr_98 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<8xf32>
    %eps_98 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<8xf32>
    %sum98n = meld.fma %g98, %g98, %sum98 : tensor<8xf32>
    %std98 = meld.sqrt %sum98n : tensor<8xf32>
    %den98 = meld.add %std98, %eps_98 : tensor<8xf32>
    %num98 = meld.mul %g98, %neg_clr_98 : tensor<8xf32>
    %q98 = meld.div %num98, %den98 : tensor<8xf32>
    %p98n = meld.add %p98, %q98 : tensor<8xf32>
    %neg_clr_99 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_99 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum99n = meld.fma %g99, %g99, %sum99 : tensor<2xf32>
    %std99 = meld.sqrt %sum99n : tensor<2xf32>
    %den99 = meld.add %std99, %eps_99 : tensor<2xf32>
    %num99 = meld.mul %g99, %neg_clr_99 : tensor<2xf32>
    %q99 = meld.div %num99, %den99 : tensor<2xf32>
    %p99n = meld.add %p99, %q99 : tensor<2xf32>
    %neg_clr_100 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %eps_100 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %sum100n = meld.fma %g100, %g100, %sum100 : tensor<72x96xf32>
    %std100 = meld.sqrt %sum100n : tensor<72x96xf32>
    %den100 = meld.add %std100, %eps_100 : tensor<72x96xf32>
    %num100 = meld.mul %g100, %neg_clr_100 : tensor<72x96xf32>
    %q100 = meld.div %num100, %den100 : tensor<72x96xf32>
    %p100n = meld.add %p100, %q100 : tensor<72x96xf32>
    %neg_clr_101 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<94068xf32>
    %eps_101 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<94068xf32>
    %sum101n = meld.fma %g101, %g101, %sum101 : tensor<94068xf32>
    %std101 = meld.sqrt %sum101n : tensor<94068xf32>
    %den101 = meld.add %std101, %eps_101 : tensor<94068xf32>
    %num101 = meld.mul %g101, %neg_clr_101 : tensor<94068xf32>
    %q101 = meld.div %num101, %den101 : tensor<94068xf32>
    %p101n = meld.add %p101, %q101 : tensor<94068xf32>
    %neg_clr_102 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_102 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum102n = meld.fma %g102, %g102, %sum102 : tensor<1xf32>
    %std102 = meld.sqrt %sum102n : tensor<1xf32>
    %den102 = meld.add %std102, %eps_102 : tensor<1xf32>
    %num102 = meld.mul %g102, %neg_clr_102 : tensor<1xf32>
    %q102 = meld.div %num102, %den102 : tensor<1xf32>
    %p102n = meld.add %p102, %q102 : tensor<1xf32>
    %neg_clr_103 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_103 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum103n = meld.fma %g103, %g103, %sum103 : tensor<1xf32>
    %std103 = meld.sqrt %sum103n : tensor<1xf32>
    %den103 = meld.add %std103, %eps_103 : tensor<1xf32>
    %num103 = meld.mul %g103, %neg_clr_103 : tensor<1xf32>
    %q103 = meld.div %num103, %den103 : tensor<1xf32>
    %p103n = meld.add %p103, %q103 : tensor<1xf32>
    %neg_clr_104 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<60xf32>
    %eps_104 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<60xf32>
    %sum104n = meld.fma %g104, %g104, %sum104 : tensor<60xf32>
    %std104 = meld.sqrt %sum104n : tensor<60xf32>
    %den104 = meld.add %std104, %eps_104 : tensor<60xf32>
    %num104 = meld.mul %g104, %neg_clr_104 : tensor<60xf32>
    %q104 = meld.div %num104, %den104 : tensor<60xf32>
    %p104n = meld.add %p104, %q104 : tensor<60xf32>
    %neg_clr_105 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %eps_105 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %sum105n = meld.fma %g105, %g105, %sum105 : tensor<403x96xf32>
    %std105 = meld.sqrt %sum105n : tensor<403x96xf32>
    %den105 = meld.add %std105, %eps_105 : tensor<403x96xf32>
    %num105 = meld.mul %g105, %neg_clr_105 : tensor<403x96xf32>
    %q105 = meld.div %num105, %den105 : tensor<403x96xf32>
    %p105n = meld.add %p105, %q105 : tensor<403x96xf32>
    %neg_clr_106 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<10xf32>
    %eps_106 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10xf32>
    %sum106n = meld.fma %g106, %g106, %sum106 : tensor<10xf32>
    %std106 = meld.sqrt %sum106n : tensor<10xf32>
    %den106 = meld.add %std106, %eps_106 : tensor<10xf32>
    %num106 = meld.mul %g106, %neg_clr_106 : tensor<10xf32>
    %q106 = meld.div %num106, %den106 : tensor<10xf32>
    %p106n = meld.add %p106, %q106 : tensor<10xf32>
    %neg_clr_107 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<297814xf32>
    %eps_107 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<297814xf32>
    %sum107n = meld.fma %g107, %g107, %sum107 : tensor<297814xf32>
    %std107 = meld.sqrt %sum107n : tensor<297814xf32>
    %den107 = meld.add %std107, %eps_107 : tensor<297814xf32>
    %num107 = meld.mul %g107, %neg_clr_107 : tensor<297814xf32>
    %q107 = meld.div %num107, %den107 : tensor<297814xf32>
    %p107n = meld.add %p107, %q107 : tensor<297814xf32>
    %neg_clr_108 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_108 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum108n = meld.fma %g108, %g108, %sum108 : tensor<2xf32>
    %std108 = meld.sqrt %sum108n : tensor<2xf32>
    %den108 = meld.add %std108, %eps_108 : tensor<2xf32>
    %num108 = meld.mul %g108, %neg_clr_108 : tensor<2xf32>
    %q108 = meld.div %num108, %den108 : tensor<2xf32>
    %p108n = meld.add %p108, %q108 : tensor<2xf32>
    %neg_clr_109 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<9417xf32>
    %eps_109 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<9417xf32>
    %sum109n = meld.fma %g109, %g109, %sum109 : tensor<9417xf32>
    %std109 = meld.sqrt %sum109n : tensor<9417xf32>
    %den109 = meld.add %std109, %eps_109 : tensor<9417xf32>
    %num109 = meld.mul %g109, %neg_clr_109 : tensor<9417xf32>
    %q109 = meld.div %num109, %den109 : tensor<9417xf32>
    %p109n = meld.add %p109, %q109 : tensor<9417xf32>
    %neg_clr_110 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<158xf32>
    %eps_110 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<158xf32>
    %sum110n = meld.fma %g110, %g110, %sum110 : tensor<158xf32>
    %std110 = meld.sqrt %sum110n : tensor<158xf32>
    %den110 = meld.add %std110, %eps_110 : tensor<158xf32>
    %num110 = meld.mul %g110, %neg_clr_110 : tensor<158xf32>
    %q110 = meld.div %num110, %den110 : tensor<158xf32>
    %p110n = meld.add %p110, %q110 : tensor<158xf32>
    %neg_clr_111 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<53xf32>
    %eps_111 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<53xf32>
    %sum111n = meld.fma %g111, %g111, %sum111 : tensor<53xf32>
    %std111 = meld.sqrt %sum111n : tensor<53xf32>
    %den111 = meld.add %std111, %eps_111 : tensor<53xf32>
    %num111 = meld.mul %g111, %neg_clr_111 : tensor<53xf32>
    %q111 = meld.div %num111, %den111 : tensor<53xf32>
    %p111n = meld.add %p111, %q111 : tensor<53xf32>
    %neg_clr_112 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<14xf32>
    %eps_112 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<14xf32>
    %sum112n = meld.fma %g112, %g112, %sum112 : tensor<14xf32>
    %std112 = meld.sqrt %sum112n : tensor<14xf32>
    %den112 = meld.add %std112, %eps_112 : tensor<14xf32>
    %num112 = meld.mul %g112, %neg_clr_112 : tensor<14xf32>
    %q112 = meld.div %num112, %den112 : tensor<14xf32>
    %p112n = meld.add %p112, %q112 : tensor<14xf32>
    %neg_clr_113 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %eps_113 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %sum113n = meld.fma %g113, %g113, %sum113 : tensor<66x128xf32>
    %std113 = meld.sqrt %sum113n : tensor<66x128xf32>
    %den113 = meld.add %std113, %eps_113 : tensor<66x128xf32>
    %num113 = meld.mul %g113, %neg_clr_113 : tensor<66x128xf32>
    %q113 = meld.div %num113, %den113 : tensor<66x128xf32>
    %p113n = meld.add %p113, %q113 : tensor<66x128xf32>
    %neg_clr_114 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %eps_114 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %sum114n = meld.fma %g114, %g114, %sum114 : tensor<17x128xf32>
    %std114 = meld.sqrt %sum114n : tensor<17x128xf32>
    %den114 = meld.add %std114, %eps_114 : tensor<17x128xf32>
    %num114 = meld.mul %g114, %neg_clr_114 : tensor<17x128xf32>
    %q114 = meld.div %num114, %den114 : tensor<17x128xf32>
    %p114n = meld.add %p114, %q114 : tensor<17x128xf32>
    %neg_clr_115 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3598xf32>
    %eps_115 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3598xf32>
    %sum115n = meld.fma %g115, %g115, %sum115 : tensor<3598xf32>
    %std115 = meld.sqrt %sum115n : tensor<3598xf32>
    %den115 = meld.add %std115, %eps_115 : tensor<3598xf32>
    %num115 = meld.mul %g115, %neg_clr_115 : tensor<3598xf32>
    %q115 = meld.div %num115, %den115 : tensor<3598xf32>
    %p115n = meld.add %p115, %q115 : tensor<3598xf32>
    %neg_clr_116 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<34xf32>
    %eps_116 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<34xf32>
    %sum116n = meld.fma %g116, %g116, %sum116 : tensor<34xf32>
    %std116 = meld.sqrt %sum116n : tensor<34xf32>
    %den116 = meld.add %std116, %eps_116 : tensor<34xf32>
    %num116 = meld.mul %g116, %neg_clr_116 : tensor<34xf32>
    %q116 = meld.div %num116, %den116 : tensor<34xf32>
    %p116n = meld.add %p116, %q116 : tensor<34xf32>
    %neg_clr_117 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %eps_117 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %sum117n = meld.fma %g117, %g117, %sum117 : tensor<2383x96xf32>
    %std117 = meld.sqrt %sum117n : tensor<2383x96xf32>
    %den117 = meld.add %std117, %eps_117 : tensor<2383x96xf32>
    %num117 = meld.mul %g117, %neg_clr_117 : tensor<2383x96xf32>
    %q117 = meld.div %num117, %den117 : tensor<2383x96xf32>
    %p117n = meld.add %p117, %q117 : tensor<2383x96xf32>
    %neg_clr_118 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %eps_118 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %sum118n = meld.fma %g118, %g118, %sum118 : tensor<28x96xf32>
    %std118 = meld.sqrt %sum118n : tensor<28x96xf32>
    %den118 = meld.add %std118, %eps_118 : tensor<28x96xf32>
    %num118 = meld.mul %g118, %neg_clr_118 : tensor<28x96xf32>
    %q118 = meld.div %num118, %den118 : tensor<28x96xf32>
    %p118n = meld.add %p118, %q118 : tensor<28x96xf32>
    %neg_clr_119 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %eps_119 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %sum119n = meld.fma %g119, %g119, %sum119 : tensor<375x64xf32>
    %std119 = meld.sqrt %sum119n : tensor<375x64xf32>
    %den119 = meld.add %std119, %eps_119 : tensor<375x64xf32>
    %num119 = meld.mul %g119, %neg_clr_119 : tensor<375x64xf32>
    %q119 = meld.div %num119, %den119 : tensor<375x64xf32>
    %p119n = meld.add %p119, %q119 : tensor<375x64xf32>
    %neg_clr_120 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_120 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %sum120n = meld.fma %g120, %g120, %sum120 : tensor<5xf32>
    %std120 = meld.sqrt %sum120n : tensor<5xf32>
    %den120 = meld.add %std120, %eps_120 : tensor<5xf32>
    %num120 = meld.mul %g120, %neg_clr_120 : tensor<5xf32>
    %q120 = meld.div %num120, %den120 : tensor<5xf32>
    %p120n = meld.add %p120, %q120 : tensor<5xf32>
    %neg_clr_121 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<712xf32>
    %eps_121 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<712xf32>
    %sum121n = meld.fma %g121, %g121, %sum121 : tensor<712xf32>
    %std121 = meld.sqrt %sum121n : tensor<712xf32>
    %den121 = meld.add %std121, %eps_121 : tensor<712xf32>
    %num121 = meld.mul %g121, %neg_clr_121 : tensor<712xf32>
    %q121 = meld.div %num121, %den121 : tensor<712xf32>
    %p121n = meld.add %p121, %q121 : tensor<712xf32>
    %neg_clr_122 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<79xf32>
    %eps_122 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<79xf32>
    %sum122n = meld.fma %g122, %g122, %sum122 : tensor<79xf32>
    %std122 = meld.sqrt %sum122n : tensor<79xf32>
    %den122 = meld.add %std122, %eps_122 : tensor<79xf32>
    %num122 = meld.mul %g122, %neg_clr_122 : tensor<79xf32>
    %q122 = meld.div %num122, %den122 : tensor<79xf32>
    %p122n = meld.add %p122, %q122 : tensor<79xf32>
    %neg_clr_123 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<33xf32>
    %eps_123 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<33xf32>
    %sum123n = meld.fma %g123, %g123, %sum123 : tensor<33xf32>
    %std123 = meld.sqrt %sum123n : tensor<33xf32>
    %den123 = meld.add %std123, %eps_123 : tensor<33xf32>
    %num123 = meld.mul %g123, %neg_clr_123 : tensor<33xf32>
    %q123 = meld.div %num123, %den123 : tensor<33xf32>
    %p123n = meld.add %p123, %q123 : tensor<33xf32>
    %neg_clr_124 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_124 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum124n = meld.fma %g124, %g124, %sum124 : tensor<1xf32>
    %std124 = meld.sqrt %sum124n : tensor<1xf32>
    %den124 = meld.add %std124, %eps_124 : tensor<1xf32>
    %num124 = meld.mul %g124, %neg_clr_124 : tensor<1xf32>
    %q124 = meld.div %num124, %den124 : tensor<1xf32>
    %p124n = meld.add %p124, %q124 : tensor<1xf32>
    %neg_clr_125 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_125 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum125n = meld.fma %g125, %g125, %sum125 : tensor<1xf32>
    %std125 = meld.sqrt %sum125n : tensor<1xf32>
    %den125 = meld.add %std125, %eps_125 : tensor<1xf32>
    %num125 = meld.mul %g125, %neg_clr_125 : tensor<1xf32>
    %q125 = meld.div %num125, %den125 : tensor<1xf32>
    %p125n = meld.add %p125, %q125 : tensor<1xf32>
    %neg_clr_126 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %eps_126 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %sum126n = meld.fma %g126, %g126, %sum126 : tensor<83x64xf32>
    %std126 = meld.sqrt %sum126n : tensor<83x64xf32>
    %den126 = meld.add %std126, %eps_126 : tensor<83x64xf32>
    %num126 = meld.mul %g126, %neg_clr_126 : tensor<83x64xf32>
    %q126 = meld.div %num126, %den126 : tensor<83x64xf32>
    %p126n = meld.add %p126, %q126 : tensor<83x64xf32>
    %neg_clr_127 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<138020xf32>
    %eps_127 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<138020xf32>
    %sum127n = meld.fma %g127, %g127, %sum127 : tensor<138020xf32>
    %std127 = meld.sqrt %sum127n : tensor<138020xf32>
    %den127 = meld.add %std127, %eps_127 : tensor<138020xf32>
    %num127 = meld.mul %g127, %neg_clr_127 : tensor<138020xf32>
    %q127 = meld.div %num127, %den127 : tensor<138020xf32>
    %p127n = meld.add %p127, %q127 : tensor<138020xf32>
    %neg_clr_128 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_128 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum128n = meld.fma %g128, %g128, %sum128 : tensor<1xf32>
    %std128 = meld.sqrt %sum128n : tensor<1xf32>
    %den128 = meld.add %std128, %eps_128 : tensor<1xf32>
    %num128 = meld.mul %g128, %neg_clr_128 : tensor<1xf32>
    %q128 = meld.div %num128, %den128 : tensor<1xf32>
    %p128n = meld.add %p128, %q128 : tensor<1xf32>
    %neg_clr_129 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<12679xf32>
    %eps_129 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12679xf32>
    %sum129n = meld.fma %g129, %g129, %sum129 : tensor<12679xf32>
    %std129 = meld.sqrt %sum129n : tensor<12679xf32>
    %den129 = meld.add %std129, %eps_129 : tensor<12679xf32>
    %num129 = meld.mul %g129, %neg_clr_129 : tensor<12679xf32>
    %q129 = meld.div %num129, %den129 : tensor<12679xf32>
    %p129n = meld.add %p129, %q129 : tensor<12679xf32>
    %neg_clr_130 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3885xf32>
    %eps_130 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3885xf32>
    %sum130n = meld.fma %g130, %g130, %sum130 : tensor<3885xf32>
    %std130 = meld.sqrt %sum130n : tensor<3885xf32>
    %den130 = meld.add %std130, %eps_130 : tensor<3885xf32>
    %num130 = meld.mul %g130, %neg_clr_130 : tensor<3885xf32>
    %q130 = meld.div %num130, %den130 : tensor<3885xf32>
    %p130n = meld.add %p130, %q130 : tensor<3885xf32>
    %neg_clr_131 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<87953xf32>
    %eps_131 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<87953xf32>
    %sum131n = meld.fma %g131, %g131, %sum131 : tensor<87953xf32>
    %std131 = meld.sqrt %sum131n : tensor<87953xf32>
    %den131 = meld.add %std131, %eps_131 : tensor<87953xf32>
    %num131 = meld.mul %g131, %neg_clr_131 : tensor<87953xf32>
    %q131 = meld.div %num131, %den131 : tensor<87953xf32>
    %p131n = meld.add %p131, %q131 : tensor<87953xf32>
    %neg_clr_132 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %eps_132 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %sum132n = meld.fma %g132, %g132, %sum132 : tensor<3x32xf32>
    %std132 = meld.sqrt %sum132n : tensor<3x32xf32>
    %den132 = meld.add %std132, %eps_132 : tensor<3x32xf32>
    %num132 = meld.mul %g132, %neg_clr_132 : tensor<3x32xf32>
    %q132 = meld.div %num132, %den132 : tensor<3x32xf32>
    %p132n = meld.add %p132, %q132 : tensor<3x32xf32>
    %neg_clr_133 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %eps_133 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %sum133n = meld.fma %g133, %g133, %sum133 : tensor<3x32xf32>
    %std133 = meld.sqrt %sum133n : tensor<3x32xf32>
    %den133 = meld.add %std133, %eps_133 : tensor<3x32xf32>
    %num133 = meld.mul %g133, %neg_clr_133 : tensor<3x32xf32>
    %q133 = meld.div %num133, %den133 : tensor<3x32xf32>
    %p133n = meld.add %p133, %q133 : tensor<3x32xf32>
    %neg_clr_134 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_134 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %sum134n = meld.fma %g134, %g134, %sum134 : tensor<6xf32>
    %std134 = meld.sqrt %sum134n : tensor<6xf32>
    %den134 = meld.add %std134, %eps_134 : tensor<6xf32>
    %num134 = meld.mul %g134, %neg_clr_134 : tensor<6xf32>
    %q134 = meld.div %num134, %den134 : tensor<6xf32>
    %p134n = meld.add %p134, %q134 : tensor<6xf32>
    %neg_clr_135 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<67xf32>
    %eps_135 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<67xf32>
    %sum135n = meld.fma %g135, %g135, %sum135 : tensor<67xf32>
    %std135 = meld.sqrt %sum135n : tensor<67xf32>
    %den135 = meld.add %std135, %eps_135 : tensor<67xf32>
    %num135 = meld.mul %g135, %neg_clr_135 : tensor<67xf32>
    %q135 = meld.div %num135, %den135 : tensor<67xf32>
    %p135n = meld.add %p135, %q135 : tensor<67xf32>
    %neg_clr_136 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %eps_136 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %sum136n = meld.fma %g136, %g136, %sum136 : tensor<67x128xf32>
    %std136 = meld.sqrt %sum136n : tensor<67x128xf32>
    %den136 = meld.add %std136, %eps_136 : tensor<67x128xf32>
    %num136 = meld.mul %g136, %neg_clr_136 : tensor<67x128xf32>
    %q136 = meld.div %num136, %den136 : tensor<67x128xf32>
    %p136n = meld.add %p136, %q136 : tensor<67x128xf32>
    %neg_clr_137 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_137 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum137n = meld.fma %g137, %g137, %sum137 : tensor<1xf32>
    %std137 = meld.sqrt %sum137n : tensor<1xf32>
    %den137 = meld.add %std137, %eps_137 : tensor<1xf32>
    %num137 = meld.mul %g137, %neg_clr_137 : tensor<1xf32>
    %q137 = meld.div %num137, %den137 : tensor<1xf32>
    %p137n = meld.add %p137, %q137 : tensor<1xf32>
    %neg_clr_138 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<29xf32>
    %eps_138 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<29xf32>
    %sum138n = meld.fma %g138, %g138, %sum138 : tensor<29xf32>
    %std138 = meld.sqrt %sum138n : tensor<29xf32>
    %den138 = meld.add %std138, %eps_138 : tensor<29xf32>
    %num138 = meld.mul %g138, %neg_clr_138 : tensor<29xf32>
    %q138 = meld.div %num138, %den138 : tensor<29xf32>
    %p138n = meld.add %p138, %q138 : tensor<29xf32>
    %neg_clr_139 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<6xf32>
    %eps_139 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<6xf32>
    %sum139n = meld.fma %g139, %g139, %sum139 : tensor<6xf32>
    %std139 = meld.sqrt %sum139n : tensor<6xf32>
    %den139 = meld.add %std139, %eps_139 : tensor<6xf32>
    %num139 = meld.mul %g139, %neg_clr_139 : tensor<6xf32>
    %q139 = meld.div %num139, %den139 : tensor<6xf32>
    %p139n = meld.add %p139, %q139 : tensor<6xf32>
    %neg_clr_140 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %eps_140 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %sum140n = meld.fma %g140, %g140, %sum140 : tensor<12x128xf32>
    %std140 = meld.sqrt %sum140n : tensor<12x128xf32>
    %den140 = meld.add %std140, %eps_140 : tensor<12x128xf32>
    %num140 = meld.mul %g140, %neg_clr_140 : tensor<12x128xf32>
    %q140 = meld.div %num140, %den140 : tensor<12x128xf32>
    %p140n = meld.add %p140, %q140 : tensor<12x128xf32>
    %neg_clr_141 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_141 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %sum141n = meld.fma %g141, %g141, %sum141 : tensor<5xf32>
    %std141 = meld.sqrt %sum141n : tensor<5xf32>
    %den141 = meld.add %std141, %eps_141 : tensor<5xf32>
    %num141 = meld.mul %g141, %neg_clr_141 : tensor<5xf32>
    %q141 = meld.div %num141, %den141 : tensor<5xf32>
    %p141n = meld.add %p141, %q141 : tensor<5xf32>
    %neg_clr_142 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_142 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %sum142n = meld.fma %g142, %g142, %sum142 : tensor<4xf32>
    %std142 = meld.sqrt %sum142n : tensor<4xf32>
    %den142 = meld.add %std142, %eps_142 : tensor<4xf32>
    %num142 = meld.mul %g142, %neg_clr_142 : tensor<4xf32>
    %q142 = meld.div %num142, %den142 : tensor<4xf32>
    %p142n = meld.add %p142, %q142 : tensor<4xf32>
    %neg_clr_143 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<10026xf32>
    %eps_143 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10026xf32>
    %sum143n = meld.fma %g143, %g143, %sum143 : tensor<10026xf32>
    %std143 = meld.sqrt %sum143n : tensor<10026xf32>
    %den143 = meld.add %std143, %eps_143 : tensor<10026xf32>
    %num143 = meld.mul %g143, %neg_clr_143 : tensor<10026xf32>
    %q143 = meld.div %num143, %den143 : tensor<10026xf32>
    %p143n = meld.add %p143, %q143 : tensor<10026xf32>
    %neg_clr_144 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<48xf32>
    %eps_144 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<48xf32>
    %sum144n = meld.fma %g144, %g144, %sum144 : tensor<48xf32>
    %std144 = meld.sqrt %sum144n : tensor<48xf32>
    %den144 = meld.add %std144, %eps_144 : tensor<48xf32>
    %num144 = meld.mul %g144, %neg_clr_144 : tensor<48xf32>
    %q144 = meld.div %num144, %den144 : tensor<48xf32>
    %p144n = meld.add %p144, %q144 : tensor<48xf32>
    %neg_clr_145 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<49441xf32>
    %eps_145 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<49441xf32>
    %sum145n = meld.fma %g145, %g145, %sum145 : tensor<49441xf32>
    %std145 = meld.sqrt %sum145n : tensor<49441xf32>
    %den145 = meld.add %std145, %eps_145 : tensor<49441xf32>
    %num145 = meld.mul %g145, %neg_clr_145 : tensor<49441xf32>
    %q145 = meld.div %num145, %den145 : tensor<49441xf32>
    %p145n = meld.add %p145, %q145 : tensor<49441xf32>
    %neg_clr_146 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<45xf32>
    %eps_146 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<45xf32>
    %sum146n = meld.fma %g146, %g146, %sum146 : tensor<45xf32>
    %std146 = meld.sqrt %sum146n : tensor<45xf32>
    %den146 = meld.add %std146, %eps_146 : tensor<45xf32>
    %num146 = meld.mul %g146, %neg_clr_146 : tensor<45xf32>
    %q146 = meld.div %num146, %den146 : tensor<45xf32>
    %p146n = meld.add %p146, %q146 : tensor<45xf32>
    %neg_clr_147 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %eps_147 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %sum147n = meld.fma %g147, %g147, %sum147 : tensor<2356x16xf32>
    %std147 = meld.sqrt %sum147n : tensor<2356x16xf32>
    %den147 = meld.add %std147, %eps_147 : tensor<2356x16xf32>
    %num147 = meld.mul %g147, %neg_clr_147 : tensor<2356x16xf32>
    %q147 = meld.div %num147, %den147 : tensor<2356x16xf32>
    %p147n = meld.add %p147, %q147 : tensor<2356x16xf32>
    %neg_clr_148 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_148 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %sum148n = meld.fma %g148, %g148, %sum148 : tensor<3xf32>
    %std148 = meld.sqrt %sum148n : tensor<3xf32>
    %den148 = meld.add %std148, %eps_148 : tensor<3xf32>
    %num148 = meld.mul %g148, %neg_clr_148 : tensor<3xf32>
    %q148 = meld.div %num148, %den148 : tensor<3xf32>
    %p148n = meld.add %p148, %q148 : tensor<3xf32>
    %neg_clr_149 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %eps_149 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %sum149n = meld.fma %g149, %g149, %sum149 : tensor<1481x64xf32>
    %std149 = meld.sqrt %sum149n : tensor<1481x64xf32>
    %den149 = meld.add %std149, %eps_149 : tensor<1481x64xf32>
    %num149 = meld.mul %g149, %neg_clr_149 : tensor<1481x64xf32>
    %q149 = meld.div %num149, %den149 : tensor<1481x64xf32>
    %p149n = meld.add %p149, %q149 : tensor<1481x64xf32>
    %neg_clr_150 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_150 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %sum150n = meld.fma %g150, %g150, %sum150 : tensor<4xf32>
    %std150 = meld.sqrt %sum150n : tensor<4xf32>
    %den150 = meld.add %std150, %eps_150 : tensor<4xf32>
    %num150 = meld.mul %g150, %neg_clr_150 : tensor<4xf32>
    %q150 = meld.div %num150, %den150 : tensor<4xf32>
    %p150n = meld.add %p150, %q150 : tensor<4xf32>
    %neg_clr_151 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<4xf32>
    %eps_151 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<4xf32>
    %sum151n = meld.fma %g151, %g151, %sum151 : tensor<4xf32>
    %std151 = meld.sqrt %sum151n : tensor<4xf32>
    %den151 = meld.add %std151, %eps_151 : tensor<4xf32>
    %num151 = meld.mul %g151, %neg_clr_151 : tensor<4xf32>
    %q151 = meld.div %num151, %den151 : tensor<4xf32>
    %p151n = meld.add %p151, %q151 : tensor<4xf32>
    %neg_clr_152 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %eps_152 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %sum152n = meld.fma %g152, %g152, %sum152 : tensor<8x64xf32>
    %std152 = meld.sqrt %sum152n : tensor<8x64xf32>
    %den152 = meld.add %std152, %eps_152 : tensor<8x64xf32>
    %num152 = meld.mul %g152, %neg_clr_152 : tensor<8x64xf32>
    %q152 = meld.div %num152, %den152 : tensor<8x64xf32>
    %p152n = meld.add %p152, %q152 : tensor<8x64xf32>
    %neg_clr_153 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<10575xf32>
    %eps_153 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<10575xf32>
    %sum153n = meld.fma %g153, %g153, %sum153 : tensor<10575xf32>
    %std153 = meld.sqrt %sum153n : tensor<10575xf32>
    %den153 = meld.add %std153, %eps_153 : tensor<10575xf32>
    %num153 = meld.mul %g153, %neg_clr_153 : tensor<10575xf32>
    %q153 = meld.div %num153, %den153 : tensor<10575xf32>
    %p153n = meld.add %p153, %q153 : tensor<10575xf32>
    %neg_clr_154 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<108955xf32>
    %eps_154 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<108955xf32>
    %sum154n = meld.fma %g154, %g154, %sum154 : tensor<108955xf32>
    %std154 = meld.sqrt %sum154n : tensor<108955xf32>
    %den154 = meld.add %std154, %eps_154 : tensor<108955xf32>
    %num154 = meld.mul %g154, %neg_clr_154 : tensor<108955xf32>
    %q154 = meld.div %num154, %den154 : tensor<108955xf32>
    %p154n = meld.add %p154, %q154 : tensor<108955xf32>
    %neg_clr_155 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<114xf32>
    %eps_155 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<114xf32>
    %sum155n = meld.fma %g155, %g155, %sum155 : tensor<114xf32>
    %std155 = meld.sqrt %sum155n : tensor<114xf32>
    %den155 = meld.add %std155, %eps_155 : tensor<114xf32>
    %num155 = meld.mul %g155, %neg_clr_155 : tensor<114xf32>
    %q155 = meld.div %num155, %den155 : tensor<114xf32>
    %p155n = meld.add %p155, %q155 : tensor<114xf32>
    %neg_clr_156 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %eps_156 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %sum156n = meld.fma %g156, %g156, %sum156 : tensor<197x16xf32>
    %std156 = meld.sqrt %sum156n : tensor<197x16xf32>
    %den156 = meld.add %std156, %eps_156 : tensor<197x16xf32>
    %num156 = meld.mul %g156, %neg_clr_156 : tensor<197x16xf32>
    %q156 = meld.div %num156, %den156 : tensor<197x16xf32>
    %p156n = meld.add %p156, %q156 : tensor<197x16xf32>
    %neg_clr_157 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_157 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %sum157n = meld.fma %g157, %g157, %sum157 : tensor<12xf32>
    %std157 = meld.sqrt %sum157n : tensor<12xf32>
    %den157 = meld.add %std157, %eps_157 : tensor<12xf32>
    %num157 = meld.mul %g157, %neg_clr_157 : tensor<12xf32>
    %q157 = meld.div %num157, %den157 : tensor<12xf32>
    %p157n = meld.add %p157, %q157 : tensor<12xf32>
    %neg_clr_158 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_158 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %sum158n = meld.fma %g158, %g158, %sum158 : tensor<16xf32>
    %std158 = meld.sqrt %sum158n : tensor<16xf32>
    %den158 = meld.add %std158, %eps_158 : tensor<16xf32>
    %num158 = meld.mul %g158, %neg_clr_158 : tensor<16xf32>
    %q158 = meld.div %num158, %den158 : tensor<16xf32>
    %p158n = meld.add %p158, %q158 : tensor<16xf32>
    %neg_clr_159 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %eps_159 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %sum159n = meld.fma %g159, %g159, %sum159 : tensor<1x128xf32>
    %std159 = meld.sqrt %sum159n : tensor<1x128xf32>
    %den159 = meld.add %std159, %eps_159 : tensor<1x128xf32>
    %num159 = meld.mul %g159, %neg_clr_159 : tensor<1x128xf32>
    %q159 = meld.div %num159, %den159 : tensor<1x128xf32>
    %p159n = meld.add %p159, %q159 : tensor<1x128xf32>
    %neg_clr_160 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %eps_160 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %sum160n = meld.fma %g160, %g160, %sum160 : tensor<7x96xf32>
    %std160 = meld.sqrt %sum160n : tensor<7x96xf32>
    %den160 = meld.add %std160, %eps_160 : tensor<7x96xf32>
    %num160 = meld.mul %g160, %neg_clr_160 : tensor<7x96xf32>
    %q160 = meld.div %num160, %den160 : tensor<7x96xf32>
    %p160n = meld.add %p160, %q160 : tensor<7x96xf32>
    %neg_clr_161 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<20775xf32>
    %eps_161 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<20775xf32>
    %sum161n = meld.fma %g161, %g161, %sum161 : tensor<20775xf32>
    %std161 = meld.sqrt %sum161n : tensor<20775xf32>
    %den161 = meld.add %std161, %eps_161 : tensor<20775xf32>
    %num161 = meld.mul %g161, %neg_clr_161 : tensor<20775xf32>
    %q161 = meld.div %num161, %den161 : tensor<20775xf32>
    %p161n = meld.add %p161, %q161 : tensor<20775xf32>
    %neg_clr_162 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<15xf32>
    %eps_162 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<15xf32>
    %sum162n = meld.fma %g162, %g162, %sum162 : tensor<15xf32>
    %std162 = meld.sqrt %sum162n : tensor<15xf32>
    %den162 = meld.add %std162, %eps_162 : tensor<15xf32>
    %num162 = meld.mul %g162, %neg_clr_162 : tensor<15xf32>
    %q162 = meld.div %num162, %den162 : tensor<15xf32>
    %p162n = meld.add %p162, %q162 : tensor<15xf32>
    %neg_clr_163 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_163 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum163n = meld.fma %g163, %g163, %sum163 : tensor<2xf32>
    %std163 = meld.sqrt %sum163n : tensor<2xf32>
    %den163 = meld.add %std163, %eps_163 : tensor<2xf32>
    %num163 = meld.mul %g163, %neg_clr_163 : tensor<2xf32>
    %q163 = meld.div %num163, %den163 : tensor<2xf32>
    %p163n = meld.add %p163, %q163 : tensor<2xf32>
    %neg_clr_164 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<16xf32>
    %eps_164 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<16xf32>
    %sum164n = meld.fma %g164, %g164, %sum164 : tensor<16xf32>
    %std164 = meld.sqrt %sum164n : tensor<16xf32>
    %den164 = meld.add %std164, %eps_164 : tensor<16xf32>
    %num164 = meld.mul %g164, %neg_clr_164 : tensor<16xf32>
    %q164 = meld.div %num164, %den164 : tensor<16xf32>
    %p164n = meld.add %p164, %q164 : tensor<16xf32>
    %neg_clr_165 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %eps_165 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %sum165n = meld.fma %g165, %g165, %sum165 : tensor<9269x32xf32>
    %std165 = meld.sqrt %sum165n : tensor<9269x32xf32>
    %den165 = meld.add %std165, %eps_165 : tensor<9269x32xf32>
    %num165 = meld.mul %g165, %neg_clr_165 : tensor<9269x32xf32>
    %q165 = meld.div %num165, %den165 : tensor<9269x32xf32>
    %p165n = meld.add %p165, %q165 : tensor<9269x32xf32>
    %neg_clr_166 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %eps_166 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %sum166n = meld.fma %g166, %g166, %sum166 : tensor<14x16xf32>
    %std166 = meld.sqrt %sum166n : tensor<14x16xf32>
    %den166 = meld.add %std166, %eps_166 : tensor<14x16xf32>
    %num166 = meld.mul %g166, %neg_clr_166 : tensor<14x16xf32>
    %q166 = meld.div %num166, %den166 : tensor<14x16xf32>
    %p166n = meld.add %p166, %q166 : tensor<14x16xf32>
    %neg_clr_167 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<31775xf32>
    %eps_167 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<31775xf32>
    %sum167n = meld.fma %g167, %g167, %sum167 : tensor<31775xf32>
    %std167 = meld.sqrt %sum167n : tensor<31775xf32>
    %den167 = meld.add %std167, %eps_167 : tensor<31775xf32>
    %num167 = meld.mul %g167, %neg_clr_167 : tensor<31775xf32>
    %q167 = meld.div %num167, %den167 : tensor<31775xf32>
    %p167n = meld.add %p167, %q167 : tensor<31775xf32>
    %neg_clr_168 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_168 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum168n = meld.fma %g168, %g168, %sum168 : tensor<1xf32>
    %std168 = meld.sqrt %sum168n : tensor<1xf32>
    %den168 = meld.add %std168, %eps_168 : tensor<1xf32>
    %num168 = meld.mul %g168, %neg_clr_168 : tensor<1xf32>
    %q168 = meld.div %num168, %den168 : tensor<1xf32>
    %p168n = meld.add %p168, %q168 : tensor<1xf32>
    %neg_clr_169 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<758xf32>
    %eps_169 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<758xf32>
    %sum169n = meld.fma %g169, %g169, %sum169 : tensor<758xf32>
    %std169 = meld.sqrt %sum169n : tensor<758xf32>
    %den169 = meld.add %std169, %eps_169 : tensor<758xf32>
    %num169 = meld.mul %g169, %neg_clr_169 : tensor<758xf32>
    %q169 = meld.div %num169, %den169 : tensor<758xf32>
    %p169n = meld.add %p169, %q169 : tensor<758xf32>
    %neg_clr_170 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<12xf32>
    %eps_170 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<12xf32>
    %sum170n = meld.fma %g170, %g170, %sum170 : tensor<12xf32>
    %std170 = meld.sqrt %sum170n : tensor<12xf32>
    %den170 = meld.add %std170, %eps_170 : tensor<12xf32>
    %num170 = meld.mul %g170, %neg_clr_170 : tensor<12xf32>
    %q170 = meld.div %num170, %den170 : tensor<12xf32>
    %p170n = meld.add %p170, %q170 : tensor<12xf32>
    %neg_clr_171 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %eps_171 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %sum171n = meld.fma %g171, %g171, %sum171 : tensor<32x16xf32>
    %std171 = meld.sqrt %sum171n : tensor<32x16xf32>
    %den171 = meld.add %std171, %eps_171 : tensor<32x16xf32>
    %num171 = meld.mul %g171, %neg_clr_171 : tensor<32x16xf32>
    %q171 = meld.div %num171, %den171 : tensor<32x16xf32>
    %p171n = meld.add %p171, %q171 : tensor<32x16xf32>
    %neg_clr_172 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<289009xf32>
    %eps_172 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<289009xf32>
    %sum172n = meld.fma %g172, %g172, %sum172 : tensor<289009xf32>
    %std172 = meld.sqrt %sum172n : tensor<289009xf32>
    %den172 = meld.add %std172, %eps_172 : tensor<289009xf32>
    %num172 = meld.mul %g172, %neg_clr_172 : tensor<289009xf32>
    %q172 = meld.div %num172, %den172 : tensor<289009xf32>
    %p172n = meld.add %p172, %q172 : tensor<289009xf32>
    %neg_clr_173 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %eps_173 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %sum173n = meld.fma %g173, %g173, %sum173 : tensor<27x96xf32>
    %std173 = meld.sqrt %sum173n : tensor<27x96xf32>
    %den173 = meld.add %std173, %eps_173 : tensor<27x96xf32>
    %num173 = meld.mul %g173, %neg_clr_173 : tensor<27x96xf32>
    %q173 = meld.div %num173, %den173 : tensor<27x96xf32>
    %p173n = meld.add %p173, %q173 : tensor<27x96xf32>
    %neg_clr_174 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %eps_174 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %sum174n = meld.fma %g174, %g174, %sum174 : tensor<3x32xf32>
    %std174 = meld.sqrt %sum174n : tensor<3x32xf32>
    %den174 = meld.add %std174, %eps_174 : tensor<3x32xf32>
    %num174 = meld.mul %g174, %neg_clr_174 : tensor<3x32xf32>
    %q174 = meld.div %num174, %den174 : tensor<3x32xf32>
    %p174n = meld.add %p174, %q174 : tensor<3x32xf32>
    %neg_clr_175 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_175 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %sum175n = meld.fma %g175, %g175, %sum175 : tensor<3xf32>
    %std175 = meld.sqrt %sum175n : tensor<3xf32>
    %den175 = meld.add %std175, %eps_175 : tensor<3xf32>
    %num175 = meld.mul %g175, %neg_clr_175 : tensor<3xf32>
    %q175 = meld.div %num175, %den175 : tensor<3xf32>
    %p175n = meld.add %p175, %q175 : tensor<3xf32>
    %neg_clr_176 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %eps_176 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %sum176n = meld.fma %g176, %g176, %sum176 : tensor<14x128xf32>
    %std176 = meld.sqrt %sum176n : tensor<14x128xf32>
    %den176 = meld.add %std176, %eps_176 : tensor<14x128xf32>
    %num176 = meld.mul %g176, %neg_clr_176 : tensor<14x128xf32>
    %q176 = meld.div %num176, %den176 : tensor<14x128xf32>
    %p176n = meld.add %p176, %q176 : tensor<14x128xf32>
    %neg_clr_177 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<167xf32>
    %eps_177 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<167xf32>
    %sum177n = meld.fma %g177, %g177, %sum177 : tensor<167xf32>
    %std177 = meld.sqrt %sum177n : tensor<167xf32>
    %den177 = meld.add %std177, %eps_177 : tensor<167xf32>
    %num177 = meld.mul %g177, %neg_clr_177 : tensor<167xf32>
    %q177 = meld.div %num177, %den177 : tensor<167xf32>
    %p177n = meld.add %p177, %q177 : tensor<167xf32>
    %neg_clr_178 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %eps_178 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %sum178n = meld.fma %g178, %g178, %sum178 : tensor<1001x64xf32>
    %std178 = meld.sqrt %sum178n : tensor<1001x64xf32>
    %den178 = meld.add %std178, %eps_178 : tensor<1001x64xf32>
    %num178 = meld.mul %g178, %neg_clr_178 : tensor<1001x64xf32>
    %q178 = meld.div %num178, %den178 : tensor<1001x64xf32>
    %p178n = meld.add %p178, %q178 : tensor<1001x64xf32>
    %neg_clr_179 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<36759xf32>
    %eps_179 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<36759xf32>
    %sum179n = meld.fma %g179, %g179, %sum179 : tensor<36759xf32>
    %std179 = meld.sqrt %sum179n : tensor<36759xf32>
    %den179 = meld.add %std179, %eps_179 : tensor<36759xf32>
    %num179 = meld.mul %g179, %neg_clr_179 : tensor<36759xf32>
    %q179 = meld.div %num179, %den179 : tensor<36759xf32>
    %p179n = meld.add %p179, %q179 : tensor<36759xf32>
    %neg_clr_180 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3008xf32>
    %eps_180 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3008xf32>
    %sum180n = meld.fma %g180, %g180, %sum180 : tensor<3008xf32>
    %std180 = meld.sqrt %sum180n : tensor<3008xf32>
    %den180 = meld.add %std180, %eps_180 : tensor<3008xf32>
    %num180 = meld.mul %g180, %neg_clr_180 : tensor<3008xf32>
    %q180 = meld.div %num180, %den180 : tensor<3008xf32>
    %p180n = meld.add %p180, %q180 : tensor<3008xf32>
    %neg_clr_181 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<939xf32>
    %eps_181 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<939xf32>
    %sum181n = meld.fma %g181, %g181, %sum181 : tensor<939xf32>
    %std181 = meld.sqrt %sum181n : tensor<939xf32>
    %den181 = meld.add %std181, %eps_181 : tensor<939xf32>
    %num181 = meld.mul %g181, %neg_clr_181 : tensor<939xf32>
    %q181 = meld.div %num181, %den181 : tensor<939xf32>
    %p181n = meld.add %p181, %q181 : tensor<939xf32>
    %neg_clr_182 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1xf32>
    %eps_182 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1xf32>
    %sum182n = meld.fma %g182, %g182, %sum182 : tensor<1xf32>
    %std182 = meld.sqrt %sum182n : tensor<1xf32>
    %den182 = meld.add %std182, %eps_182 : tensor<1xf32>
    %num182 = meld.mul %g182, %neg_clr_182 : tensor<1xf32>
    %q182 = meld.div %num182, %den182 : tensor<1xf32>
    %p182n = meld.add %p182, %q182 : tensor<1xf32>
    %neg_clr_183 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<7321xf32>
    %eps_183 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<7321xf32>
    %sum183n = meld.fma %g183, %g183, %sum183 : tensor<7321xf32>
    %std183 = meld.sqrt %sum183n : tensor<7321xf32>
    %den183 = meld.add %std183, %eps_183 : tensor<7321xf32>
    %num183 = meld.mul %g183, %neg_clr_183 : tensor<7321xf32>
    %q183 = meld.div %num183, %den183 : tensor<7321xf32>
    %p183n = meld.add %p183, %q183 : tensor<7321xf32>
    %neg_clr_184 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<55xf32>
    %eps_184 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<55xf32>
    %sum184n = meld.fma %g184, %g184, %sum184 : tensor<55xf32>
    %std184 = meld.sqrt %sum184n : tensor<55xf32>
    %den184 = meld.add %std184, %eps_184 : tensor<55xf32>
    %num184 = meld.mul %g184, %neg_clr_184 : tensor<55xf32>
    %q184 = meld.div %num184, %den184 : tensor<55xf32>
    %p184n = meld.add %p184, %q184 : tensor<55xf32>
    %neg_clr_185 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<57xf32>
    %eps_185 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<57xf32>
    %sum185n = meld.fma %g185, %g185, %sum185 : tensor<57xf32>
    %std185 = meld.sqrt %sum185n : tensor<57xf32>
    %den185 = meld.add %std185, %eps_185 : tensor<57xf32>
    %num185 = meld.mul %g185, %neg_clr_185 : tensor<57xf32>
    %q185 = meld.div %num185, %den185 : tensor<57xf32>
    %p185n = meld.add %p185, %q185 : tensor<57xf32>
    %neg_clr_186 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<751xf32>
    %eps_186 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<751xf32>
    %sum186n = meld.fma %g186, %g186, %sum186 : tensor<751xf32>
    %std186 = meld.sqrt %sum186n : tensor<751xf32>
    %den186 = meld.add %std186, %eps_186 : tensor<751xf32>
    %num186 = meld.mul %g186, %neg_clr_186 : tensor<751xf32>
    %q186 = meld.div %num186, %den186 : tensor<751xf32>
    %p186n = meld.add %p186, %q186 : tensor<751xf32>
    %neg_clr_187 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %eps_187 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %sum187n = meld.fma %g187, %g187, %sum187 : tensor<20x96xf32>
    %std187 = meld.sqrt %sum187n : tensor<20x96xf32>
    %den187 = meld.add %std187, %eps_187 : tensor<20x96xf32>
    %num187 = meld.mul %g187, %neg_clr_187 : tensor<20x96xf32>
    %q187 = meld.div %num187, %den187 : tensor<20x96xf32>
    %p187n = meld.add %p187, %q187 : tensor<20x96xf32>
    %neg_clr_188 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1559xf32>
    %eps_188 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1559xf32>
    %sum188n = meld.fma %g188, %g188, %sum188 : tensor<1559xf32>
    %std188 = meld.sqrt %sum188n : tensor<1559xf32>
    %den188 = meld.add %std188, %eps_188 : tensor<1559xf32>
    %num188 = meld.mul %g188, %neg_clr_188 : tensor<1559xf32>
    %q188 = meld.div %num188, %den188 : tensor<1559xf32>
    %p188n = meld.add %p188, %q188 : tensor<1559xf32>
    %neg_clr_189 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %eps_189 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %sum189n = meld.fma %g189, %g189, %sum189 : tensor<1645x16xf32>
    %std189 = meld.sqrt %sum189n : tensor<1645x16xf32>
    %den189 = meld.add %std189, %eps_189 : tensor<1645x16xf32>
    %num189 = meld.mul %g189, %neg_clr_189 : tensor<1645x16xf32>
    %q189 = meld.div %num189, %den189 : tensor<1645x16xf32>
    %p189n = meld.add %p189, %q189 : tensor<1645x16xf32>
    %neg_clr_190 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<674xf32>
    %eps_190 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<674xf32>
    %sum190n = meld.fma %g190, %g190, %sum190 : tensor<674xf32>
    %std190 = meld.sqrt %sum190n : tensor<674xf32>
    %den190 = meld.add %std190, %eps_190 : tensor<674xf32>
    %num190 = meld.mul %g190, %neg_clr_190 : tensor<674xf32>
    %q190 = meld.div %num190, %den190 : tensor<674xf32>
    %p190n = meld.add %p190, %q190 : tensor<674xf32>
    %neg_clr_191 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<2xf32>
    %eps_191 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<2xf32>
    %sum191n = meld.fma %g191, %g191, %sum191 : tensor<2xf32>
    %std191 = meld.sqrt %sum191n : tensor<2xf32>
    %den191 = meld.add %std191, %eps_191 : tensor<2xf32>
    %num191 = meld.mul %g191, %neg_clr_191 : tensor<2xf32>
    %q191 = meld.div %num191, %den191 : tensor<2xf32>
    %p191n = meld.add %p191, %q191 : tensor<2xf32>
    %neg_clr_192 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<5xf32>
    %eps_192 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<5xf32>
    %sum192n = meld.fma %g192, %g192, %sum192 : tensor<5xf32>
    %std192 = meld.sqrt %sum192n : tensor<5xf32>
    %den192 = meld.add %std192, %eps_192 : tensor<5xf32>
    %num192 = meld.mul %g192, %neg_clr_192 : tensor<5xf32>
    %q192 = meld.div %num192, %den192 : tensor<5xf32>
    %p192n = meld.add %p192, %q192 : tensor<5xf32>
    %neg_clr_193 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<44xf32>
    %eps_193 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<44xf32>
    %sum193n = meld.fma %g193, %g193, %sum193 : tensor<44xf32>
    %std193 = meld.sqrt %sum193n : tensor<44xf32>
    %den193 = meld.add %std193, %eps_193 : tensor<44xf32>
    %num193 = meld.mul %g193, %neg_clr_193 : tensor<44xf32>
    %q193 = meld.div %num193, %den193 : tensor<44xf32>
    %p193n = meld.add %p193, %q193 : tensor<44xf32>
    %neg_clr_194 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %eps_194 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %sum194n = meld.fma %g194, %g194, %sum194 : tensor<448x32xf32>
    %std194 = meld.sqrt %sum194n : tensor<448x32xf32>
    %den194 = meld.add %std194, %eps_194 : tensor<448x32xf32>
    %num194 = meld.mul %g194, %neg_clr_194 : tensor<448x32xf32>
    %q194 = meld.div %num194, %den194 : tensor<448x32xf32>
    %p194n = meld.add %p194, %q194 : tensor<448x32xf32>
    %neg_clr_195 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<24279xf32>
    %eps_195 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<24279xf32>
    %sum195n = meld.fma %g195, %g195, %sum195 : tensor<24279xf32>
    %std195 = meld.sqrt %sum195n : tensor<24279xf32>
    %den195 = meld.add %std195, %eps_195 : tensor<24279xf32>
    %num195 = meld.mul %g195, %neg_clr_195 : tensor<24279xf32>
    %q195 = meld.div %num195, %den195 : tensor<24279xf32>
    %p195n = meld.add %p195, %q195 : tensor<24279xf32>
    %neg_clr_196 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %eps_196 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %sum196n = meld.fma %g196, %g196, %sum196 : tensor<3x96xf32>
    %std196 = meld.sqrt %sum196n : tensor<3x96xf32>
    %den196 = meld.add %std196, %eps_196 : tensor<3x96xf32>
    %num196 = meld.mul %g196, %neg_clr_196 : tensor<3x96xf32>
    %q196 = meld.div %num196, %den196 : tensor<3x96xf32>
    %p196n = meld.add %p196, %q196 : tensor<3x96xf32>
    %neg_clr_197 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %eps_197 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %sum197n = meld.fma %g197, %g197, %sum197 : tensor<673x128xf32>
    %std197 = meld.sqrt %sum197n : tensor<673x128xf32>
    %den197 = meld.add %std197, %eps_197 : tensor<673x128xf32>
    %num197 = meld.mul %g197, %neg_clr_197 : tensor<673x128xf32>
    %q197 = meld.div %num197, %den197 : tensor<673x128xf32>
    %p197n = meld.add %p197, %q197 : tensor<673x128xf32>
    %neg_clr_198 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<3xf32>
    %eps_198 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<3xf32>
    %sum198n = meld.fma %g198, %g198, %sum198 : tensor<3xf32>
    %std198 = meld.sqrt %sum198n : tensor<3xf32>
    %den198 = meld.add %std198, %eps_198 : tensor<3xf32>
    %num198 = meld.mul %g198, %neg_clr_198 : tensor<3xf32>
    %q198 = meld.div %num198, %den198 : tensor<3xf32>
    %p198n = meld.add %p198, %q198 : tensor<3xf32>
    %neg_clr_199 = meld.broadcast_in_dim %neg_clr, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %eps_199 = meld.broadcast_in_dim %eps, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %sum199n = meld.fma %g199, %g199, %sum199 : tensor<174x128xf32>
    %std199 = meld.sqrt %sum199n : tensor<174x128xf32>
    %den199 = meld.add %std199, %eps_199 : tensor<174x128xf32>
    %num199 = meld.mul %g199, %neg_clr_199 : tensor<174x128xf32>
    %q199 = meld.div %num199, %den199 : tensor<174x128xf32>
    %p199n = meld.add %p199, %q199 : tensor<174x128xf32>
    return %p0n, %sum0n, %p1n, %sum1n, %p2n, %sum2n, %p3n, %sum3n, %p4n, %sum4n, %p5n, %sum5n, %p6n, %sum6n, %p7n, %sum7n, %p8n, %sum8n, %p9n, %sum9n, %p10n, %sum10n, %p11n, %sum11n, %p12n, %sum12n, %p13n, %sum13n, %p14n, %sum14n, %p15n, %sum15n, %p16n, %sum16n, %p17n, %sum17n, %p18n, %sum18n, %p19n, %sum19n, %p20n, %sum20n, %p21n, %sum21n, %p22n, %sum22n, %p23n, %sum23n, %p24n, %sum24n, %p25n, %sum25n, %p26n, %sum26n, %p27n, %sum27n, %p28n, %sum28n, %p29n, %sum29n, %p30n, %sum30n, %p31n, %sum31n, %p32n, %sum32n, %p33n, %sum33n, %p34n, %sum34n, %p35n, %sum35n, %p36n, %sum36n, %p37n, %sum37n, %p38n, %sum38n, %p39n, %sum39n, %p40n, %sum40n, %p41n, %sum41n, %p42n, %sum42n, %p43n, %sum43n, %p44n, %sum44n, %p45n, %sum45n, %p46n, %sum46n, %p47n, %sum47n, %p48n, %sum48n, %p49n, %sum49n, %p50n, %sum50n, %p51n, %sum51n, %p52n, %sum52n, %p53n, %sum53n, %p54n, %sum54n, %p55n, %sum55n, %p56n, %sum56n, %p57n, %sum57n, %p58n, %sum58n, %p59n, %sum59n, %p60n, %sum60n, %p61n, %sum61n, %p62n, %sum62n, %p63n, %sum63n, %p64n, %sum64n, %p65n, %sum65n, %p66n, %sum66n, %p67n, %sum67n, %p68n, %sum68n, %p69n, %sum69n, %p70n, %sum70n, %p71n, %sum71n, %p72n, %sum72n, %p73n, %sum73n, %p74n, %sum74n, %p75n, %sum75n, %p76n, %sum76n, %p77n, %sum77n, %p78n, %sum78n, %p79n, %sum79n, %p80n, %sum80n, %p81n, %sum81n, %p82n, %sum82n, %p83n, %sum83n, %p84n, %sum84n, %p85n, %sum85n, %p86n, %sum86n, %p87n, %sum87n, %p88n, %sum88n, %p89n, %sum89n, %p90n, %sum90n, %p91n, %sum91n, %p92n, %sum92n, %p93n, %sum93n, %p94n, %sum94n, %p95n, %sum95n, %p96n, %sum96n, %p97n, %sum97n, %p98n, %sum98n, %p99n, %sum99n, %p100n, %sum100n, %p101n, %sum101n, %p102n, %sum102n, %p103n, %sum103n, %p104n, %sum104n, %p105n, %sum105n, %p106n, %sum106n, %p107n, %sum107n, %p108n, %sum108n, %p109n, %sum109n, %p110n, %sum110n, %p111n, %sum111n, %p112n, %sum112n, %p113n, %sum113n, %p114n, %sum114n, %p115n, %sum115n, %p116n, %sum116n, %p117n, %sum117n, %p118n, %sum118n, %p119n, %sum119n, %p120n, %sum120n, %p121n, %sum121n, %p122n, %sum122n, %p123n, %sum123n, %p124n, %sum124n, %p125n, %sum125n, %p126n, %sum126n, %p127n, %sum127n, %p128n, %sum128n, %p129n, %sum129n, %p130n, %sum130n, %p131n, %sum131n, %p132n, %sum132n, %p133n, %sum133n, %p134n, %sum134n, %p135n, %sum135n, %p136n, %sum136n, %p137n, %sum137n, %p138n, %sum138n, %p139n, %sum139n, %p140n, %sum140n, %p141n, %sum141n, %p142n, %sum142n, %p143n, %sum143n, %p144n, %sum144n, %p145n, %sum145n, %p146n, %sum146n, %p147n, %sum147n, %p148n, %sum148n, %p149n, %sum149n, %p150n, %sum150n, %p151n, %sum151n, %p152n, %sum152n, %p153n, %sum153n, %p154n, %sum154n, %p155n, %sum155n, %p156n, %sum156n, %p157n, %sum157n, %p158n, %sum158n, %p159n, %sum159n, %p160n, %sum160n, %p161n, %sum161n, %p162n, %sum162n, %p163n, %sum163n, %p164n, %sum164n, %p165n, %sum165n, %p166n, %sum166n, %p167n, %sum167n, %p168n, %sum168n, %p169n, %sum169n, %p170n, %sum170n, %p171n, %sum171n, %p172n, %sum172n, %p173n, %sum173n, %p174n, %sum174n, %p175n, %sum175n, %p176n, %sum176n, %p177n, %sum177n, %p178n, %sum178n, %p179n, %sum179n, %p180n, %sum180n, %p181n, %sum181n, %p182n, %sum182n, %p183n, %sum183n, %p184n, %sum184n, %p185n, %sum185n, %p186n, %sum186n, %p187n, %sum187n, %p188n, %sum188n, %p189n, %sum189n, %p190n, %sum190n, %p191n, %sum191n, %p192n, %sum192n, %p193n, %sum193n, %p194n, %sum194n, %p195n, %sum195n, %p196n, %sum196n, %p197n, %sum197n, %p198n, %sum198n, %p199n, %sum199n
        : tensor<42169xf32>, tensor<42169xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<458xf32>, tensor<458xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<91xf32>, tensor<91xf32>, tensor<15xf32>, tensor<15xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<825xf32>, tensor<825xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<26xf32>, tensor<26xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<66xf32>, tensor<66xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<16xf32>, tensor<16xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<12xf32>, tensor<12xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<54xf32>, tensor<54xf32>, tensor<21xf32>, tensor<21xf32>, tensor<10xf32>, tensor<10xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<2xf32>, tensor<2xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<6xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<421xf32>, tensor<421xf32>, tensor<2xf32>, tensor<2xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<26xf32>, tensor<26xf32>, tensor<16xf32>, tensor<16xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<12xf32>, tensor<12xf32>, tensor<92xf32>, tensor<92xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<1xf32>, tensor<1xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<6xf32>, tensor<6xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<37xf32>, tensor<37xf32>, tensor<92xf32>, tensor<92xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<11xf32>, tensor<11xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<118xf32>, tensor<118xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<60xf32>, tensor<60xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<10xf32>, tensor<10xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<2xf32>, tensor<2xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<158xf32>, tensor<158xf32>, tensor<53xf32>, tensor<53xf32>, tensor<14xf32>, tensor<14xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<34xf32>, tensor<34xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<712xf32>, tensor<712xf32>, tensor<79xf32>, tensor<79xf32>, tensor<33xf32>, tensor<33xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<1xf32>, tensor<1xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<6xf32>, tensor<6xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<29xf32>, tensor<29xf32>, tensor<6xf32>, tensor<6xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<48xf32>, tensor<48xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<45xf32>, tensor<45xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<114xf32>, tensor<114xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<12xf32>, tensor<12xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<15xf32>, tensor<15xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<16xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<1xf32>, tensor<1xf32>, tensor<758xf32>, tensor<758xf32>, tensor<12xf32>, tensor<12xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3xf32>, tensor<3xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<167xf32>, tensor<167xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<939xf32>, tensor<939xf32>, tensor<1xf32>, tensor<1xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<55xf32>, tensor<55xf32>, tensor<57xf32>, tensor<57xf32>, tensor<751xf32>, tensor<751xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<674xf32>, tensor<674xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<44xf32>, tensor<44xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<174x128xf32>, tensor<174x128xf32>
}
