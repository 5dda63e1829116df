// One sgd step over 200 parameters (meld.optim.program).
func.func @step(
    %momentum: tensor<f32>,
    %neg_lr: tensor<f32>,
    %p0: tensor<42169xf32> {meld.donate = 0 : i64},
    %g0: tensor<42169xf32>,
    %buf0: tensor<42169xf32> {meld.donate = 1 : i64},
    %p1: tensor<1x128xf32> {meld.donate = 2 : i64},
    %g1: tensor<1x128xf32>,
    %buf1: tensor<1x128xf32> {meld.donate = 3 : i64},
    %p2: tensor<458xf32> {meld.donate = 4 : i64},
    %g2: tensor<458xf32>,
    %buf2: tensor<458xf32> {meld.donate = 5 : i64},
    %p3: tensor<35091xf32> {meld.donate = 6 : i64},
    %g3: tensor<35091xf32>,
    %buf3: tensor<35091xf32> {meld.donate = 7 : i64},
    %p4: tensor<91xf32> {meld.donate = 8 : i64},
    %g4: tensor<91xf32>,
    %buf4: tensor<91xf32> {meld.donate = 9 : i64},
    %p5: tensor<15xf32> {meld.donate = 10 : i64},
    %g5: tensor<15xf32>,
    %buf5: tensor<15xf32> {meld.donate = 11 : i64},
    %p6: tensor<5xf32> {meld.donate = 12 : i64},
    %g6: tensor<5xf32>,
    %buf6: tensor<5xf32> {meld.donate = 13 : i64},
    %p7: tensor<5xf32> {meld.donate = 14 : i64},
    %g7: tensor<5xf32>,
    %buf7: tensor<5xf32> {meld.donate = 15 : i64},
    %p8: tensor<3xf32> {meld.donate = 16 : i64},
    %g8: tensor<3xf32>,
    %buf8: tensor<3xf32> {meld.donate = 17 : i64},
    %p9: tensor<23901xf32> {meld.donate = 18 : i64},
    %g9: tensor<23901xf32>,
    %buf9: tensor<23901xf32> {meld.donate = 19 : i64},
    %p10: tensor<825xf32> {meld.donate = 20 : i64},
    %g10: tensor<825xf32>,
    %buf10: tensor<825xf32> {meld.donate = 21 : i64},
    %p11: tensor<123x16xf32> {meld.donate = 22 : i64},
    %g11: tensor<123x16xf32>,
    %buf11: tensor<123x16xf32> {meld.donate = 23 : i64},
    %p12: tensor<9939xf32> {meld.donate = 24 : i64},
    %g12: tensor<9939xf32>,
    %buf12: tensor<9939xf32> {meld.donate = 25 : i64},
    %p13: tensor<348x16xf32> {meld.donate = 26 : i64},
    %g13: tensor<348x16xf32>,
    %buf13: tensor<348x16xf32> {meld.donate = 27 : i64},
    %p14: tensor<2x32xf32> {meld.donate = 28 : i64},
    %g14: tensor<2x32xf32>,
    %buf14: tensor<2x32xf32> {meld.donate = 29 : i64},
    %p15: tensor<1538x128xf32> {meld.donate = 30 : i64},
    %g15: tensor<1538x128xf32>,
    %buf15: tensor<1538x128xf32> {meld.donate = 31 : i64},
    %p16: tensor<26xf32> {meld.donate = 32 : i64},
    %g16: tensor<26xf32>,
    %buf16: tensor<26xf32> {meld.donate = 33 : i64},
    %p17: tensor<1603x16xf32> {meld.donate = 34 : i64},
    %g17: tensor<1603x16xf32>,
    %buf17: tensor<1603x16xf32> {meld.donate = 35 : i64},
    %p18: tensor<3xf32> {meld.donate = 36 : i64},
    %g18: tensor<3xf32>,
    %buf18: tensor<3xf32> {meld.donate = 37 : i64},
    %p19: tensor<39928xf32> {meld.donate = 38 : i64},
    %g19: tensor<39928xf32>,
    %buf19: tensor<39928xf32> {meld.donate = 39 : i64},
    %p20: tensor<19943xf32> {meld.donate = 40 : i64},
    %g20: tensor<19943xf32>,
    %buf20: tensor<19943xf32> {meld.donate = 41 : i64},
    %p21: tensor<2246xf32> {meld.donate = 42 : i64},
    %g21: tensor<2246xf32>,
    %buf21: tensor<2246xf32> {meld.donate = 43 : i64},
    %p22: tensor<66xf32> {meld.donate = 44 : i64},
    %g22: tensor<66xf32>,
    %buf22: tensor<66xf32> {meld.donate = 45 : i64},
    %p23: tensor<55x128xf32> {meld.donate = 46 : i64},
    %g23: tensor<55x128xf32>,
    %buf23: tensor<55x128xf32> {meld.donate = 47 : i64},
    %p24: tensor<16xf32> {meld.donate = 48 : i64},
    %g24: tensor<16xf32>,
    %buf24: tensor<16xf32> {meld.donate = 49 : i64},
    %p25: tensor<196x128xf32> {meld.donate = 50 : i64},
    %g25: tensor<196x128xf32>,
    %buf25: tensor<196x128xf32> {meld.donate = 51 : i64},
    %p26: tensor<4x64xf32> {meld.donate = 52 : i64},
    %g26: tensor<4x64xf32>,
    %buf26: tensor<4x64xf32> {meld.donate = 53 : i64},
    %p27: tensor<62081xf32> {meld.donate = 54 : i64},
    %g27: tensor<62081xf32>,
    %buf27: tensor<62081xf32> {meld.donate = 55 : i64},
    %p28: tensor<7x64xf32> {meld.donate = 56 : i64},
    %g28: tensor<7x64xf32>,
    %buf28: tensor<7x64xf32> {meld.donate = 57 : i64},
    %p29: tensor<57x128xf32> {meld.donate = 58 : i64},
    %g29: tensor<57x128xf32>,
    %buf29: tensor<57x128xf32> {meld.donate = 59 : i64},
    %p30: tensor<12xf32> {meld.donate = 60 : i64},
    %g30: tensor<12xf32>,
    %buf30: tensor<12xf32> {meld.donate = 61 : i64},
    %p31: tensor<373x64xf32> {meld.donate = 62 : i64},
    %g31: tensor<373x64xf32>,
    %buf31: tensor<373x64xf32> {meld.donate = 63 : i64},
    %p32: tensor<2x96xf32> {meld.donate = 64 : i64},
    %g32: tensor<2x96xf32>,
    %buf32: tensor<2x96xf32> {meld.donate = 65 : i64},
    %p33: tensor<54xf32> {meld.donate = 66 : i64},
    %g33: tensor<54xf32>,
    %buf33: tensor<54xf32> {meld.donate = 67 : i64},
    %p34: tensor<21xf32> {meld.donate = 68 : i64},
    %g34: tensor<21xf32>,
    %buf34: tensor<21xf32> {meld.donate = 69 : i64},
    %p35: tensor<10xf32> {meld.donate = 70 : i64},
    %g35: tensor<10xf32>,
    %buf35: tensor<10xf32> {meld.donate = 71 : i64},
    %p36: tensor<493x64xf32> {meld.donate = 72 : i64},
    %g36: tensor<493x64xf32>,
    %buf36: tensor<493x64xf32> {meld.donate = 73 : i64},
    %p37: tensor<12x32xf32> {meld.donate = 74 : i64},
    %g37: tensor<12x32xf32>,
    %buf37: tensor<12x32xf32> {meld.donate = 75 : i64},
    %p38: tensor<63412xf32> {meld.donate = 76 : i64},
    %g38: tensor<63412xf32>,
    %buf38: tensor<63412xf32> {meld.donate = 77 : i64},
    %p39: tensor<41139xf32> {meld.donate = 78 : i64},
    %g39: tensor<41139xf32>,
    %buf39: tensor<41139xf32> {meld.donate = 79 : i64},
    %p40: tensor<1184x96xf32> {meld.donate = 80 : i64},
    %g40: tensor<1184x96xf32>,
    %buf40: tensor<1184x96xf32> {meld.donate = 81 : i64},
    %p41: tensor<303x128xf32> {meld.donate = 82 : i64},
    %g41: tensor<303x128xf32>,
    %buf41: tensor<303x128xf32> {meld.donate = 83 : i64},
    %p42: tensor<27886xf32> {meld.donate = 84 : i64},
    %g42: tensor<27886xf32>,
    %buf42: tensor<27886xf32> {meld.donate = 85 : i64},
    %p43: tensor<831x96xf32> {meld.donate = 86 : i64},
    %g43: tensor<831x96xf32>,
    %buf43: tensor<831x96xf32> {meld.donate = 87 : i64},
    %p44: tensor<23x64xf32> {meld.donate = 88 : i64},
    %g44: tensor<23x64xf32>,
    %buf44: tensor<23x64xf32> {meld.donate = 89 : i64},
    %p45: tensor<2xf32> {meld.donate = 90 : i64},
    %g45: tensor<2xf32>,
    %buf45: tensor<2xf32> {meld.donate = 91 : i64},
    %p46: tensor<35x64xf32> {meld.donate = 92 : i64},
    %g46: tensor<35x64xf32>,
    %buf46: tensor<35x64xf32> {meld.donate = 93 : i64},
    %p47: tensor<664x64xf32> {meld.donate = 94 : i64},
    %g47: tensor<664x64xf32>,
    %buf47: tensor<664x64xf32> {meld.donate = 95 : i64},
    %p48: tensor<4xf32> {meld.donate = 96 : i64},
    %g48: tensor<4xf32>,
    %buf48: tensor<4xf32> {meld.donate = 97 : i64},
    %p49: tensor<16xf32> {meld.donate = 98 : i64},
    %g49: tensor<16xf32>,
    %buf49: tensor<16xf32> {meld.donate = 99 : i64},
    %p50: tensor<1405x16xf32> {meld.donate = 100 : i64},
    %g50: tensor<1405x16xf32>,
    %buf50: tensor<1405x16xf32> {meld.donate = 101 : i64},
    %p51: tensor<3xf32> {meld.donate = 102 : i64},
    %g51: tensor<3xf32>,
    %buf51: tensor<3xf32> {meld.donate = 103 : i64},
    %p52: tensor<6xf32> {meld.donate = 104 : i64},
    %g52: tensor<6xf32>,
    %buf52: tensor<6xf32> {meld.donate = 105 : i64},
    %p53: tensor<51x128xf32> {meld.donate = 106 : i64},
    %g53: tensor<51x128xf32>,
    %buf53: tensor<51x128xf32> {meld.donate = 107 : i64},
    %p54: tensor<2975xf32> {meld.donate = 108 : i64},
    %g54: tensor<2975xf32>,
    %buf54: tensor<2975xf32> {meld.donate = 109 : i64},
    %p55: tensor<124x16xf32> {meld.donate = 110 : i64},
    %g55: tensor<124x16xf32>,
    %buf55: tensor<124x16xf32> {meld.donate = 111 : i64},
    %p56: tensor<3005xf32> {meld.donate = 112 : i64},
    %g56: tensor<3005xf32>,
    %buf56: tensor<3005xf32> {meld.donate = 113 : i64},
    %p57: tensor<22x64xf32> {meld.donate = 114 : i64},
    %g57: tensor<22x64xf32>,
    %buf57: tensor<22x64xf32> {meld.donate = 115 : i64},
    %p58: tensor<288x128xf32> {meld.donate = 116 : i64},
    %g58: tensor<288x128xf32>,
    %buf58: tensor<288x128xf32> {meld.donate = 117 : i64},
    %p59: tensor<1xf32> {meld.donate = 118 : i64},
    %g59: tensor<1xf32>,
    %buf59: tensor<1xf32> {meld.donate = 119 : i64},
    %p60: tensor<11470x16xf32> {meld.donate = 120 : i64},
    %g60: tensor<11470x16xf32>,
    %buf60: tensor<11470x16xf32> {meld.donate = 121 : i64},
    %p61: tensor<421xf32> {meld.donate = 122 : i64},
    %g61: tensor<421xf32>,
    %buf61: tensor<421xf32> {meld.donate = 123 : i64},
    %p62: tensor<2xf32> {meld.donate = 124 : i64},
    %g62: tensor<2xf32>,
    %buf62: tensor<2xf32> {meld.donate = 125 : i64},
    %p63: tensor<41x128xf32> {meld.donate = 126 : i64},
    %g63: tensor<41x128xf32>,
    %buf63: tensor<41x128xf32> {meld.donate = 127 : i64},
    %p64: tensor<3xf32> {meld.donate = 128 : i64},
    %g64: tensor<3xf32>,
    %buf64: tensor<3xf32> {meld.donate = 129 : i64},
    %p65: tensor<26xf32> {meld.donate = 130 : i64},
    %g65: tensor<26xf32>,
    %buf65: tensor<26xf32> {meld.donate = 131 : i64},
    %p66: tensor<16xf32> {meld.donate = 132 : i64},
    %g66: tensor<16xf32>,
    %buf66: tensor<16xf32> {meld.donate = 133 : i64},
    %p67: tensor<109x32xf32> {meld.donate = 134 : i64},
    %g67: tensor<109x32xf32>,
    %buf67: tensor<109x32xf32> {meld.donate = 135 : i64},
    %p68: tensor<2xf32> {meld.donate = 136 : i64},
    %g68: tensor<2xf32>,
    %buf68: tensor<2xf32> {meld.donate = 137 : i64},
    %p69: tensor<3x96xf32> {meld.donate = 138 : i64},
    %g69: tensor<3x96xf32>,
    %buf69: tensor<3x96xf32> {meld.donate = 139 : i64},
    %p70: tensor<12xf32> {meld.donate = 140 : i64},
    %g70: tensor<12xf32>,
    %buf70: tensor<12xf32> {meld.donate = 141 : i64},
    %p71: tensor<92xf32> {meld.donate = 142 : i64},
    %g71: tensor<92xf32>,
    %buf71: tensor<92xf32> {meld.donate = 143 : i64},
    %p72: tensor<39049xf32> {meld.donate = 144 : i64},
    %g72: tensor<39049xf32>,
    %buf72: tensor<39049xf32> {meld.donate = 145 : i64},
    %p73: tensor<8xf32> {meld.donate = 146 : i64},
    %g73: tensor<8xf32>,
    %buf73: tensor<8xf32> {meld.donate = 147 : i64},
    %p74: tensor<4832xf32> {meld.donate = 148 : i64},
    %g74: tensor<4832xf32>,
    %buf74: tensor<4832xf32> {meld.donate = 149 : i64},
    %p75: tensor<2xf32> {meld.donate = 150 : i64},
    %g75: tensor<2xf32>,
    %buf75: tensor<2xf32> {meld.donate = 151 : i64},
    %p76: tensor<5054xf32> {meld.donate = 152 : i64},
    %g76: tensor<5054xf32>,
    %buf76: tensor<5054xf32> {meld.donate = 153 : i64},
    %p77: tensor<1x128xf32> {meld.donate = 154 : i64},
    %g77: tensor<1x128xf32>,
    %buf77: tensor<1x128xf32> {meld.donate = 155 : i64},
    %p78: tensor<111357xf32> {meld.donate = 156 : i64},
    %g78: tensor<111357xf32>,
    %buf78: tensor<111357xf32> {meld.donate = 157 : i64},
    %p79: tensor<1xf32> {meld.donate = 158 : i64},
    %g79: tensor<1xf32>,
    %buf79: tensor<1xf32> {meld.donate = 159 : i64},
    %p80: tensor<5388xf32> {meld.donate = 160 : i64},
    %g80: tensor<5388xf32>,
    %buf80: tensor<5388xf32> {meld.donate = 161 : i64},
    %p81: tensor<61860xf32> {meld.donate = 162 : i64},
    %g81: tensor<61860xf32>,
    %buf81: tensor<61860xf32> {meld.donate = 163 : i64},
    %p82: tensor<55x64xf32> {meld.donate = 164 : i64},
    %g82: tensor<55x64xf32>,
    %buf82: tensor<55x64xf32> {meld.donate = 165 : i64},
    %p83: tensor<6xf32> {meld.donate = 166 : i64},
    %g83: tensor<6xf32>,
    %buf83: tensor<6xf32> {meld.donate = 167 : i64},
    %p84: tensor<379x16xf32> {meld.donate = 168 : i64},
    %g84: tensor<379x16xf32>,
    %buf84: tensor<379x16xf32> {meld.donate = 169 : i64},
    %p85: tensor<1x64xf32> {meld.donate = 170 : i64},
    %g85: tensor<1x64xf32>,
    %buf85: tensor<1x64xf32> {meld.donate = 171 : i64},
    %p86: tensor<5xf32> {meld.donate = 172 : i64},
    %g86: tensor<5xf32>,
    %buf86: tensor<5xf32> {meld.donate = 173 : i64},
    %p87: tensor<116x128xf32> {meld.donate = 174 : i64},
    %g87: tensor<116x128xf32>,
    %buf87: tensor<116x128xf32> {meld.donate = 175 : i64},
    %p88: tensor<37xf32> {meld.donate = 176 : i64},
    %g88: tensor<37xf32>,
    %buf88: tensor<37xf32> {meld.donate = 177 : i64},
    %p89: tensor<92xf32> {meld.donate = 178 : i64},
    %g89: tensor<92xf32>,
    %buf89: tensor<92xf32> {meld.donate = 179 : i64},
    %p90: tensor<2958xf32> {meld.donate = 180 : i64},
    %g90: tensor<2958xf32>,
    %buf90: tensor<2958xf32> {meld.donate = 181 : i64},
    %p91: tensor<86x96xf32> {meld.donate = 182 : i64},
    %g91: tensor<86x96xf32>,
    %buf91: tensor<86x96xf32> {meld.donate = 183 : i64},
    %p92: tensor<270x128xf32> {meld.donate = 184 : i64},
    %g92: tensor<270x128xf32>,
    %buf92: tensor<270x128xf32> {meld.donate = 185 : i64},
    %p93: tensor<11xf32> {meld.donate = 186 : i64},
    %g93: tensor<11xf32>,
    %buf93: tensor<11xf32> {meld.donate = 187 : i64},
    %p94: tensor<1x96xf32> {meld.donate = 188 : i64},
    %g94: tensor<1x96xf32>,
    %buf94: tensor<1x96xf32> {meld.donate = 189 : i64},
    %p95: tensor<118xf32> {meld.donate = 190 : i64},
    %g95: tensor<118xf32>,
    %buf95: tensor<118xf32> {meld.donate = 191 : i64},
    %p96: tensor<13x96xf32> {meld.donate = 192 : i64},
    %g96: tensor<13x96xf32>,
    %buf96: tensor<13x96xf32> {meld.donate = 193 : i64},
    %p97: tensor<3717x16xf32> {meld.donate = 194 : i64},
    %g97: tensor<3717x16xf32>,
    %buf97: tensor<3717x16xf32> {meld.donate = 195 : i64},
    %p98: tensor<8xf32> {meld.donate = 196 : i64},
    %g98: tensor<8xf32>,
    %buf98: tensor<8xf32> {meld.donate = 197 : i64},
    %p99: tensor<2xf32> {meld.donate = 198 : i64},
    %g99: tensor<2xf32>,
    %buf99: tensor<2xf32> {meld.donate = 199 : i64},
    %p100: tensor<72x96xf32> {meld.donate = 200 : i64},
    %g100: tensor<72x96xf32>,
    %buf100: tensor<72x96xf32> {meld.donate = 201 : i64},
    %p101: tensor<94068xf32> {meld.donate = 202 : i64},
    %g101: tensor<94068xf32>,
    %buf101: tensor<94068xf32> {meld.donate = 203 : i64},
    %p102: tensor<1xf32> {meld.donate = 204 : i64},
    %g102: tensor<1xf32>,
    %buf102: tensor<1xf32> {meld.donate = 205 : i64},
    %p103: tensor<1xf32> {meld.donate = 206 : i64},
    %g103: tensor<1xf32>,
    %buf103: tensor<1xf32> {meld.donate = 207 : i64},
    %p104: tensor<60xf32> {meld.donate = 208 : i64},
    %g104: tensor<60xf32>,
    %buf104: tensor<60xf32> {meld.donate = 209 : i64},
    %p105: tensor<403x96xf32> {meld.donate = 210 : i64},
    %g105: tensor<403x96xf32>,
    %buf105: tensor<403x96xf32> {meld.donate = 211 : i64},
    %p106: tensor<10xf32> {meld.donate = 212 : i64},
    %g106: tensor<10xf32>,
    %buf106: tensor<10xf32> {meld.donate = 213 : i64},
    %p107: tensor<297814xf32> {meld.donate = 214 : i64},
    %g107: tensor<297814xf32>,
    %buf107: tensor<297814xf32> {meld.donate = 215 : i64},
    %p108: tensor<2xf32> {meld.donate = 216 : i64},
    %g108: tensor<2xf32>,
    %buf108: tensor<2xf32> {meld.donate = 217 : i64},
    %p109: tensor<9417xf32> {meld.donate = 218 : i64},
    %g109: tensor<9417xf32>,
    %buf109: tensor<9417xf32> {meld.donate = 219 : i64},
    %p110: tensor<158xf32> {meld.donate = 220 : i64},
    %g110: tensor<158xf32>,
    %buf110: tensor<158xf32> {meld.donate = 221 : i64},
    %p111: tensor<53xf32> {meld.donate = 222 : i64},
    %g111: tensor<53xf32>,
    %buf111: tensor<53xf32> {meld.donate = 223 : i64},
    %p112: tensor<14xf32> {meld.donate = 224 : i64},
    %g112: tensor<14xf32>,
    %buf112: tensor<14xf32> {meld.donate = 225 : i64},
    %p113: tensor<66x128xf32> {meld.donate = 226 : i64},
    %g113: tensor<66x128xf32>,
    %buf113: tensor<66x128xf32> {meld.donate = 227 : i64},
    %p114: tensor<17x128xf32> {meld.donate = 228 : i64},
    %g114: tensor<17x128xf32>,
    %buf114: tensor<17x128xf32> {meld.donate = 229 : i64},
    %p115: tensor<3598xf32> {meld.donate = 230 : i64},
    %g115: tensor<3598xf32>,
    %buf115: tensor<3598xf32> {meld.donate = 231 : i64},
    %p116: tensor<34xf32> {meld.donate = 232 : i64},
    %g116: tensor<34xf32>,
    %buf116: tensor<34xf32> {meld.donate = 233 : i64},
    %p117: tensor<2383x96xf32> {meld.donate = 234 : i64},
    %g117: tensor<2383x96xf32>,
    %buf117: tensor<2383x96xf32> {meld.donate = 235 : i64},
    %p118: tensor<28x96xf32> {meld.donate = 236 : i64},
    %g118: tensor<28x96xf32>,
    %buf118: tensor<28x96xf32> {meld.donate = 237 : i64},
    %p119: tensor<375x64xf32> {meld.donate = 238 : i64},
    %g119: tensor<375x64xf32>,
    %buf119: tensor<375x64xf32> {meld.donate = 239 : i64},
    %p120: tensor<5xf32> {meld.donate = 240 : i64},
    %g120: tensor<5xf32>,
    %buf120: tensor<5xf32> {meld.donate = 241 : i64},
    %p121: tensor<712xf32> {meld.donate = 242 : i64},
    %g121: tensor<712xf32>,
    %buf121: tensor<712xf32> {meld.donate = 243 : i64},
    %p122: tensor<79xf32> {meld.donate = 244 : i64},
    %g122: tensor<79xf32>,
    %buf122: tensor<79xf32> {meld.donate = 245 : i64},
    %p123: tensor<33xf32> {meld.donate = 246 : i64},
    %g123: tensor<33xf32>,
    %buf123: tensor<33xf32> {meld.donate = 247 : i64},
    %p124: tensor<1xf32> {meld.donate = 248 : i64},
    %g124: tensor<1xf32>,
    %buf124: tensor<1xf32> {meld.donate = 249 : i64},
    %p125: tensor<1xf32> {meld.donate = 250 : i64},
    %g125: tensor<1xf32>,
    %buf125: tensor<1xf32> {meld.donate = 251 : i64},
    %p126: tensor<83x64xf32> {meld.donate = 252 : i64},
    %g126: tensor<83x64xf32>,
    %buf126: tensor<83x64xf32> {meld.donate = 253 : i64},
    %p127: tensor<138020xf32> {meld.donate = 254 : i64},
    %g127: tensor<138020xf32>,
    %buf127: tensor<138020xf32> {meld.donate = 255 : i64},
    %p128: tensor<1xf32> {meld.donate = 256 : i64},
    %g128: tensor<1xf32>,
    %buf128: tensor<1xf32> {meld.donate = 257 : i64},
    %p129: tensor<12679xf32> {meld.donate = 258 : i64},
    %g129: tensor<12679xf32>,
    %buf129: tensor<12679xf32> {meld.donate = 259 : i64},
    %p130: tensor<3885xf32> {meld.donate = 260 : i64},
    %g130: tensor<3885xf32>,
    %buf130: tensor<3885xf32> {meld.donate = 261 : i64},
    %p131: tensor<87953xf32> {meld.donate = 262 : i64},
    %g131: tensor<87953xf32>,
    %buf131: tensor<87953xf32> {meld.donate = 263 : i64},
    %p132: tensor<3x32xf32> {meld.donate = 264 : i64},
    %g132: tensor<3x32xf32>,
    %buf132: tensor<3x32xf32> {meld.donate = 265 : i64},
    %p133: tensor<3x32xf32> {meld.donate = 266 : i64},
    %g133: tensor<3x32xf32>,
    %buf133: tensor<3x32xf32> {meld.donate = 267 : i64},
    %p134: tensor<6xf32> {meld.donate = 268 : i64},
    %g134: tensor<6xf32>,
    %buf134: tensor<6xf32> {meld.donate = 269 : i64},
    %p135: tensor<67xf32> {meld.donate = 270 : i64},
    %g135: tensor<67xf32>,
    %buf135: tensor<67xf32> {meld.donate = 271 : i64},
    %p136: tensor<67x128xf32> {meld.donate = 272 : i64},
    %g136: tensor<67x128xf32>,
    %buf136: tensor<67x128xf32> {meld.donate = 273 : i64},
    %p137: tensor<1xf32> {meld.donate = 274 : i64},
    %g137: tensor<1xf32>,
    %buf137: tensor<1xf32> {meld.donate = 275 : i64},
    %p138: tensor<29xf32> {meld.donate = 276 : i64},
    %g138: tensor<29xf32>,
    %buf138: tensor<29xf32> {meld.donate = 277 : i64},
    %p139: tensor<6xf32> {meld.donate = 278 : i64},
    %g139: tensor<6xf32>,
    %buf139: tensor<6xf32> {meld.donate = 279 : i64},
    %p140: tensor<12x128xf32> {meld.donate = 280 : i64},
    %g140: tensor<12x128xf32>,
    %buf140: tensor<12x128xf32> {meld.donate = 281 : i64},
    %p141: tensor<5xf32> {meld.donate = 282 : i64},
    %g141: tensor<5xf32>,
    %buf141: tensor<5xf32> {meld.donate = 283 : i64},
    %p142: tensor<4xf32> {meld.donate = 284 : i64},
    %g142: tensor<4xf32>,
    %buf142: tensor<4xf32> {meld.donate = 285 : i64},
    %p143: tensor<10026xf32> {meld.donate = 286 : i64},
    %g143: tensor<10026xf32>,
    %buf143: tensor<10026xf32> {meld.donate = 287 : i64},
    %p144: tensor<48xf32> {meld.donate = 288 : i64},
    %g144: tensor<48xf32>,
    %buf144: tensor<48xf32> {meld.donate = 289 : i64},
    %p145: tensor<49441xf32> {meld.donate = 290 : i64},
    %g145: tensor<49441xf32>,
    %buf145: tensor<49441xf32> {meld.donate = 291 : i64},
    %p146: tensor<45xf32> {meld.donate = 292 : i64},
    %g146: tensor<45xf32>,
    %buf146: tensor<45xf32> {meld.donate = 293 : i64},
    %p147: tensor<2356x16xf32> {meld.donate = 294 : i64},
    %g147: tensor<2356x16xf32>,
    %buf147: tensor<2356x16xf32> {meld.donate = 295 : i64},
    %p148: tensor<3xf32> {meld.donate = 296 : i64},
    %g148: tensor<3xf32>,
    %buf148: tensor<3xf32> {meld.donate = 297 : i64},
    %p149: tensor<1481x64xf32> {meld.donate = 298 : i64},
    %g149: tensor<1481x64xf32>,
    %buf149: tensor<1481x64xf32> {meld.donate = 299 : i64},
    %p150: tensor<4xf32> {meld.donate = 300 : i64},
    %g150: tensor<4xf32>,
    %buf150: tensor<4xf32> {meld.donate = 301 : i64},
    %p151: tensor<4xf32> {meld.donate = 302 : i64},
    %g151: tensor<4xf32>,
    %buf151: tensor<4xf32> {meld.donate = 303 : i64},
    %p152: tensor<8x64xf32> {meld.donate = 304 : i64},
    %g152: tensor<8x64xf32>,
    %buf152: tensor<8x64xf32> {meld.donate = 305 : i64},
    %p153: tensor<10575xf32> {meld.donate = 306 : i64},
    %g153: tensor<10575xf32>,
    %buf153: tensor<10575xf32> {meld.donate = 307 : i64},
    %p154: tensor<108955xf32> {meld.donate = 308 : i64},
    %g154: tensor<108955xf32>,
    %buf154: tensor<108955xf32> {meld.donate = 309 : i64},
    %p155: tensor<114xf32> {meld.donate = 310 : i64},
    %g155: tensor<114xf32>,
    %buf155: tensor<114xf32> {meld.donate = 311 : i64},
    %p156: tensor<197x16xf32> {meld.donate = 312 : i64},
    %g156: tensor<197x16xf32>,
    %buf156: tensor<197x16xf32> {meld.donate = 313 : i64},
    %p157: tensor<12xf32> {meld.donate = 314 : i64},
    %g157: tensor<12xf32>,
    %buf157: tensor<12xf32> {meld.donate = 315 : i64},
    %p158: tensor<16xf32> {meld.donate = 316 : i64},
    %g158: tensor<16xf32>,
    %buf158: tensor<16xf32> {meld.donate = 317 : i64},
    %p159: tensor<1x128xf32> {meld.donate = 318 : i64},
    %g159: tensor<1x128xf32>,
    %buf159: tensor<1x128xf32> {meld.donate = 319 : i64},
    %p160: tensor<7x96xf32> {meld.donate = 320 : i64},
    %g160: tensor<7x96xf32>,
    %buf160: tensor<7x96xf32> {meld.donate = 321 : i64},
    %p161: tensor<20775xf32> {meld.donate = 322 : i64},
    %g161: tensor<20775xf32>,
    %buf161: tensor<20775xf32> {meld.donate = 323 : i64},
    %p162: tensor<15xf32> {meld.donate = 324 : i64},
    %g162: tensor<15xf32>,
    %buf162: tensor<15xf32> {meld.donate = 325 : i64},
    %p163: tensor<2xf32> {meld.donate = 326 : i64},
    %g163: tensor<2xf32>,
    %buf163: tensor<2xf32> {meld.donate = 327 : i64},
    %p164: tensor<16xf32> {meld.donate = 328 : i64},
    %g164: tensor<16xf32>,
    %buf164: tensor<16xf32> {meld.donate = 329 : i64},
    %p165: tensor<9269x32xf32> {meld.donate = 330 : i64},
    %g165: tensor<9269x32xf32>,
    %buf165: tensor<9269x32xf32> {meld.donate = 331 : i64},
    %p166: tensor<14x16xf32> {meld.donate = 332 : i64},
    %g166: tensor<14x16xf32>,
    %buf166: tensor<14x16xf32> {meld.donate = 333 : i64},
    %p167: tensor<31775xf32> {meld.donate = 334 : i64},
    %g167: tensor<31775xf32>,
    %buf167: tensor<31775xf32> {meld.donate = 335 : i64},
    %p168: tensor<1xf32> {meld.donate = 336 : i64},
    %g168: tensor<1xf32>,
    %buf168: tensor<1xf32> {meld.donate = 337 : i64},
    %p169: tensor<758xf32> {meld.donate = 338 : i64},
    %g169: tensor<758xf32>,
    %buf169: tensor<758xf32> {meld.donate = 339 : i64},
    %p170: tensor<12xf32> {meld.donate = 340 : i64},
    %g170: tensor<12xf32>,
    %buf170: tensor<12xf32> {meld.donate = 341 : i64},
    %p171: tensor<32x16xf32> {meld.donate = 342 : i64},
    %g171: tensor<32x16xf32>,
    %buf171: tensor<32x16xf32> {meld.donate = 343 : i64},
    %p172: tensor<289009xf32> {meld.donate = 344 : i64},
    %g172: tensor<289009xf32>,
    %buf172: tensor<289009xf32> {meld.donate = 345 : i64},
    %p173: tensor<27x96xf32> {meld.donate = 346 : i64},
    %g173: tensor<27x96xf32>,
    %buf173: tensor<27x96xf32> {meld.donate = 347 : i64},
    %p174: tensor<3x32xf32> {meld.donate = 348 : i64},
    %g174: tensor<3x32xf32>,
    %buf174: tensor<3x32xf32> {meld.donate = 349 : i64},
    %p175: tensor<3xf32> {meld.donate = 350 : i64},
    %g175: tensor<3xf32>,
    %buf175: tensor<3xf32> {meld.donate = 351 : i64},
    %p176: tensor<14x128xf32> {meld.donate = 352 : i64},
    %g176: tensor<14x128xf32>,
    %buf176: tensor<14x128xf32> {meld.donate = 353 : i64},
    %p177: tensor<167xf32> {meld.donate = 354 : i64},
    %g177: tensor<167xf32>,
    %buf177: tensor<167xf32> {meld.donate = 355 : i64},
    %p178: tensor<1001x64xf32> {meld.donate = 356 : i64},
    %g178: tensor<1001x64xf32>,
    %buf178: tensor<1001x64xf32> {meld.donate = 357 : i64},
    %p179: tensor<36759xf32> {meld.donate = 358 : i64},
    %g179: tensor<36759xf32>,
    %buf179: tensor<36759xf32> {meld.donate = 359 : i64},
    %p180: tensor<3008xf32> {meld.donate = 360 : i64},
    %g180: tensor<3008xf32>,
    %buf180: tensor<3008xf32> {meld.donate = 361 : i64},
    %p181: tensor<939xf32> {meld.donate = 362 : i64},
    %g181: tensor<939xf32>,
    %buf181: tensor<939xf32> {meld.donate = 363 : i64},
    %p182: tensor<1xf32> {meld.donate = 364 : i64},
    %g182: tensor<1xf32>,
    %buf182: tensor<1xf32> {meld.donate = 365 : i64},
    %p183: tensor<7321xf32> {meld.donate = 366 : i64},
    %g183: tensor<7321xf32>,
    %buf183: tensor<7321xf32> {meld.donate = 367 : i64},
    %p184: tensor<55xf32> {meld.donate = 368 : i64},
    %g184: tensor<55xf32>,
    %buf184: tensor<55xf32> {meld.donate = 369 : i64},
    %p185: tensor<57xf32> {meld.donate = 370 : i64},
    %g185: tensor<57xf32>,
    %buf185: tensor<57xf32> {meld.donate = 371 : i64},
    %p186: tensor<751xf32> {meld.donate = 372 : i64},
    %g186: tensor<751xf32>,
    %buf186: tensor<751xf32> {meld.donate = 373 : i64},
    %p187: tensor<20x96xf32> {meld.donate = 374 : i64},
    %g187: tensor<20x96xf32>,
    %buf187: tensor<20x96xf32> {meld.donate = 375 : i64},
    %p188: tensor<1559xf32> {meld.donate = 376 : i64},
    %g188: tensor<1559xf32>,
    %buf188: tensor<1559xf32> {meld.donate = 377 : i64},
    %p189: tensor<1645x16xf32> {meld.donate = 378 : i64},
    %g189: tensor<1645x16xf32>,
    %buf189: tensor<1645x16xf32> {meld.donate = 379 : i64},
    %p190: tensor<674xf32> {meld.donate = 380 : i64},
    %g190: tensor<674xf32>,
    %buf190: tensor<674xf32> {meld.donate = 381 : i64},
    %p191: tensor<2xf32> {meld.donate = 382 : i64},
    %g191: tensor<2xf32>,
    %buf191: tensor<2xf32> {meld.donate = 383 : i64},
    %p192: tensor<5xf32> {meld.donate = 384 : i64},
    %g192: tensor<5xf32>,
    %buf192: tensor<5xf32> {meld.donate = 385 : i64},
    %p193: tensor<44xf32> {meld.donate = 386 : i64},
    %g193: tensor<44xf32>,
    %buf193: tensor<44xf32> {meld.donate = 387 : i64},
    %p194: tensor<448x32xf32> {meld.donate = 388 : i64},
    %g194: tensor<448x32xf32>,
    %buf194: tensor<448x32xf32> {meld.donate = 389 : i64},
    %p195: tensor<24279xf32> {meld.donate = 390 : i64},
    %g195: tensor<24279xf32>,
    %buf195: tensor<24279xf32> {meld.donate = 391 : i64},
    %p196: tensor<3x96xf32> {meld.donate = 392 : i64},
    %g196: tensor<3x96xf32>,
    %buf196: tensor<3x96xf32> {meld.donate = 393 : i64},
    %p197: tensor<673x128xf32> {meld.donate = 394 : i64},
    %g197: tensor<673x128xf32>,
    %buf197: tensor<673x128xf32> {meld.donate = 395 : i64},
    %p198: tensor<3xf32> {meld.donate = 396 : i64},
    %g198: tensor<3xf32>,
    %buf198: tensor<3xf32> {meld.donate = 397 : i64},
    %p199: tensor<174x128xf32> {meld.donate = 398 : i64},
    %g199: tensor<174x128xf32>,
    %buf199: tensor<174x128xf32> {meld.donate = 399 : i64})
    -> (tensor<42169xf32>, tensor<42169xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<458xf32>, tensor<458xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<91xf32>, tensor<91xf32>, tensor<15xf32>, tensor<15xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<825xf32>, tensor<825xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<26xf32>, tensor<26xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<66xf32>, tensor<66xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<16xf32>, tensor<16xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<12xf32>, tensor<12xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<54xf32>, tensor<54xf32>, tensor<21xf32>, tensor<21xf32>, tensor<10xf32>, tensor<10xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<2xf32>, tensor<2xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<6xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<421xf32>, tensor<421xf32>, tensor<2xf32>, tensor<2xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<26xf32>, tensor<26xf32>, tensor<16xf32>, tensor<16xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<12xf32>, tensor<12xf32>, tensor<92xf32>, tensor<92xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<1xf32>, tensor<1xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<6xf32>, tensor<6xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<37xf32>, tensor<37xf32>, tensor<92xf32>, tensor<92xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<11xf32>, tensor<11xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<118xf32>, tensor<118xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<60xf32>, tensor<60xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<10xf32>, tensor<10xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<2xf32>, tensor<2xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<158xf32>, tensor<158xf32>, tensor<53xf32>, tensor<53xf32>, tensor<14xf32>, tensor<14xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<34xf32>, tensor<34xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<712xf32>, tensor<712xf32>, tensor<79xf32>, tensor<79xf32>, tensor<33xf32>, tensor<33xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<1xf32>, tensor<1xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<6xf32>, tensor<6xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<29xf32>, tensor<29xf32>, tensor<6xf32>, tensor<6xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<48xf32>, tensor<48xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<45xf32>, tensor<45xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<114xf32>, tensor<114xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<12xf32>, tensor<12xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<15xf32>, tensor<15xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<16xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<1xf32>, tensor<1xf32>, tensor<758xf32>, tensor<758xf32>, tensor<12xf32>, tensor<12xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3xf32>, tensor<3xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<167xf32>, tensor<167xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<939xf32>, tensor<939xf32>, tensor<1xf32>, tensor<1xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<55xf32>, tensor<55xf32>, tensor<57xf32>, tensor<57xf32>, tensor<751xf32>, tensor<751xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<674xf32>, tensor<674xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<44xf32>, tensor<44xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<174x128xf32>, tensor<174x128xf32>) {
    %momentum_0 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<42169xf32>
    %neg_lr_0 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<42169xf32>
    %bm0 = meld.mul %buf0, %momentum_0 : tensor<42169xf32>
    %buf0n = meld.add %bm0, %g0 : tensor<42169xf32>
    %p0n = meld.fma %neg_lr_0, %buf0n, %p0 : tensor<42169xf32>
    %momentum_1 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %neg_lr_1 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %bm1 = meld.mul %buf1, %momentum_1 : tensor<1x128xf32>
    %buf1n = meld.add %bm1, %g1 : tensor<1x128xf32>
    %p1n = meld.fma %neg_lr_1, %buf1n, %p1 : tensor<1x128xf32>
    %momentum_2 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<458xf32>
    %neg_lr_2 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<458xf32>
    %bm2 = meld.mul %buf2, %momentum_2 : tensor<458xf32>
    %buf2n = meld.add %bm2, %g2 : tensor<458xf32>
    %p2n = meld.fma %neg_lr_2, %buf2n, %p2 : tensor<458xf32>
    %momentum_3 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<35091xf32>
    %neg_lr_3 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<35091xf32>
    %bm3 = meld.mul %buf3, %momentum_3 : tensor<35091xf32>
    %buf3n = meld.add %bm3, %g3 : tensor<35091xf32>
    %p3n = meld.fma %neg_lr_3, %buf3n, %p3 : tensor<35091xf32>
    %momentum_4 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<91xf32>
    %neg_lr_4 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<91xf32>
    %bm4 = meld.mul %buf4, %momentum_4 : tensor<91xf32>
    %buf4n = meld.add %bm4, %g4 : tensor<91xf32>
    %p4n = meld.fma %neg_lr_4, %buf4n, %p4 : tensor<91xf32>
    %momentum_5 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<15xf32>
    %neg_lr_5 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<15xf32>
    %bm5 = meld.mul %buf5, %momentum_5 : tensor<15xf32>
    %buf5n = meld.add %bm5, %g5 : tensor<15xf32>
    %p5n = meld.fma %neg_lr_5, %buf5n, %p5 : tensor<15xf32>
    %momentum_6 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5xf32>
    %neg_lr_6 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5xf32>
    %bm6 = meld.mul %buf6, %momentum_6 : tensor<5xf32>
    %buf6n = meld.add %bm6, %g6 : tensor<5xf32>
    %p6n = meld.fma %neg_lr_6, %buf6n, %p6 : tensor<5xf32>
    %momentum_7 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5xf32>
    %neg_lr_7 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5xf32>
    %bm7 = meld.mul %buf7, %momentum_7 : tensor<5xf32>
    %buf7n = meld.add %bm7, %g7 : tensor<5xf32>
    %p7n = meld.fma %neg_lr_7, %buf7n, %p7 : tensor<5xf32>
    %momentum_8 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3xf32>
    %neg_lr_8 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3xf32>
    %bm8 = meld.mul %buf8, %momentum_8 : tensor<3xf32>
    %buf8n = meld.add %bm8, %g8 : tensor<3xf32>
    %p8n = meld.fma %neg_lr_8, %buf8n, %p8 : tensor<3xf32>
    %momentum_9 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<23901xf32>
    %neg_lr_9 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<23901xf32>
    %bm9 = meld.mul %buf9, %momentum_9 : tensor<23901xf32>
    %buf9n = meld.add %bm9, %g9 : tensor<23901xf32>
    %p9n = meld.fma %neg_lr_9, %buf9n, %p9 : tensor<23901xf32>
    %momentum_10 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<825xf32>
    %neg_lr_10 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<825xf32>
    %bm10 = meld.mul %buf10, %momentum_10 : tensor<825xf32>
    %buf10n = meld.add %bm10, %g10 : tensor<825xf32>
    %p10n = meld.fma %neg_lr_10, %buf10n, %p10 : tensor<825xf32>
    %momentum_11 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %neg_lr_11 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<123x16xf32>
    %bm11 = meld.mul %buf11, %momentum_11 : tensor<123x16xf32>
    %buf11n = meld.add %bm11, %g11 : tensor<123x16xf32>
    %p11n = meld.fma %neg_lr_11, %buf11n, %p11 : tensor<123x16xf32>
    %momentum_12 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<9939xf32>
    %neg_lr_12 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<9939xf32>
    %bm12 = meld.mul %buf12, %momentum_12 : tensor<9939xf32>
    %buf12n = meld.add %bm12, %g12 : tensor<9939xf32>
    %p12n = meld.fma %neg_lr_12, %buf12n, %p12 : tensor<9939xf32>
    %momentum_13 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %neg_lr_13 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<348x16xf32>
    %bm13 = meld.mul %buf13, %momentum_13 : tensor<348x16xf32>
    %buf13n = meld.add %bm13, %g13 : tensor<348x16xf32>
    %p13n = meld.fma %neg_lr_13, %buf13n, %p13 : tensor<348x16xf32>
    %momentum_14 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %neg_lr_14 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2x32xf32>
    %bm14 = meld.mul %buf14, %momentum_14 : tensor<2x32xf32>
    %buf14n = meld.add %bm14, %g14 : tensor<2x32xf32>
    %p14n = meld.fma %neg_lr_14, %buf14n, %p14 : tensor<2x32xf32>
    %momentum_15 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %neg_lr_15 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1538x128xf32>
    %bm15 = meld.mul %buf15, %momentum_15 : tensor<1538x128xf32>
    %buf15n = meld.add %bm15, %g15 : tensor<1538x128xf32>
    %p15n = meld.fma %neg_lr_15, %buf15n, %p15 : tensor<1538x128xf32>
    %momentum_16 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<26xf32>
    %neg_lr_16 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<26xf32>
    %bm16 = meld.mul %buf16, %momentum_16 : tensor<26xf32>
    %buf16n = meld.add %bm16, %g16 : tensor<26xf32>
    %p16n = meld.fma %neg_lr_16, %buf16n, %p16 : tensor<26xf32>
    %momentum_17 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %neg_lr_17 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1603x16xf32>
    %bm17 = meld.mul %buf17, %momentum_17 : tensor<1603x16xf32>
    %buf17n = meld.add %bm17, %g17 : tensor<1603x16xf32>
    %p17n = meld.fma %neg_lr_17, %buf17n, %p17 : tensor<1603x16xf32>
    %momentum_18 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3xf32>
    %neg_lr_18 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3xf32>
    %bm18 = meld.mul %buf18, %momentum_18 : tensor<3xf32>
    %buf18n = meld.add %bm18, %g18 : tensor<3xf32>
    %p18n = meld.fma %neg_lr_18, %buf18n, %p18 : tensor<3xf32>
    %momentum_19 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<39928xf32>
    %neg_lr_19 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<39928xf32>
    %bm19 = meld.mul %buf19, %momentum_19 : tensor<39928xf32>
    %buf19n = meld.add %bm19, %g19 : tensor<39928xf32>
    %p19n = meld.fma %neg_lr_19, %buf19n, %p19 : tensor<39928xf32>
    %momentum_20 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<19943xf32>
    %neg_lr_20 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<19943xf32>
    %bm20 = meld.mul %buf20, %momentum_20 : tensor<19943xf32>
    %buf20n = meld.add %bm20, %g20 : tensor<19943xf32>
    %p20n = meld.fma %neg_lr_20, %buf20n, %p20 : tensor<19943xf32>
    %momentum_21 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2246xf32>
    %neg_lr_21 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2246xf32>
    %bm21 = meld.mul %buf21, %momentum_21 : tensor<2246xf32>
    %buf21n = meld.add %bm21, %g21 : tensor<2246xf32>
    %p21n = meld.fma %neg_lr_21, %buf21n, %p21 : tensor<2246xf32>
    %momentum_22 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<66xf32>
    %neg_lr_22 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<66xf32>
    %bm22 = meld.mul %buf22, %momentum_22 : tensor<66xf32>
    %buf22n = meld.add %bm22, %g22 : tensor<66xf32>
    %p22n = meld.fma %neg_lr_22, %buf22n, %p22 : tensor<66xf32>
    %momentum_23 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %neg_lr_23 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<55x128xf32>
    %bm23 = meld.mul %buf23, %momentum_23 : tensor<55x128xf32>
    %buf23n = meld.add %bm23, %g23 : tensor<55x128xf32>
    %p23n = meld.fma %neg_lr_23, %buf23n, %p23 : tensor<55x128xf32>
    %momentum_24 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<16xf32>
    %neg_lr_24 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<16xf32>
    %bm24 = meld.mul %buf24, %momentum_24 : tensor<16xf32>
    %buf24n = meld.add %bm24, %g24 : tensor<16xf32>
    %p24n = meld.fma %neg_lr_24, %buf24n, %p24 : tensor<16xf32>
    %momentum_25 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %neg_lr_25 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<196x128xf32>
    %bm25 = meld.mul %buf25, %momentum_25 : tensor<196x128xf32>
    %buf25n = meld.add %bm25, %g25 : tensor<196x128xf32>
    %p25n = meld.fma %neg_lr_25, %buf25n, %p25 : tensor<196x128xf32>
    %momentum_26 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %neg_lr_26 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<4x64xf32>
    %bm26 = meld.mul %buf26, %momentum_26 : tensor<4x64xf32>
    %buf26n = meld.add %bm26, %g26 : tensor<4x64xf32>
    %p26n = meld.fma %neg_lr_26, %buf26n, %p26 : tensor<4x64xf32>
    %momentum_27 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<62081xf32>
    %neg_lr_27 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<62081xf32>
    %bm27 = meld.mul %buf27, %momentum_27 : tensor<62081xf32>
    %buf27n = meld.add %bm27, %g27 : tensor<62081xf32>
    %p27n = meld.fma %neg_lr_27, %buf27n, %p27 : tensor<62081xf32>
    %momentum_28 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %neg_lr_28 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<7x64xf32>
    %bm28 = meld.mul %buf28, %momentum_28 : tensor<7x64xf32>
    %buf28n = meld.add %bm28, %g28 : tensor<7x64xf32>
    %p28n = meld.fma %neg_lr_28, %buf28n, %p28 : tensor<7x64xf32>
    %momentum_29 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %neg_lr_29 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<57x128xf32>
    %bm29 = meld.mul %buf29, %momentum_29 : tensor<57x128xf32>
    %buf29n = meld.add %bm29, %g29 : tensor<57x128xf32>
    %p29n = meld.fma %neg_lr_29, %buf29n, %p29 : tensor<57x128xf32>
    %momentum_30 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<12xf32>
    %neg_lr_30 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<12xf32>
    %bm30 = meld.mul %buf30, %momentum_30 : tensor<12xf32>
    %buf30n = meld.add %bm30, %g30 : tensor<12xf32>
    %p30n = meld.fma %neg_lr_30, %buf30n, %p30 : tensor<12xf32>
    %momentum_31 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %neg_lr_31 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<373x64xf32>
    %bm31 = meld.mul %buf31, %momentum_31 : tensor<373x64xf32>
    %buf31n = meld.add %bm31, %g31 : tensor<373x64xf32>
    %p31n = meld.fma %neg_lr_31, %buf31n, %p31 : tensor<373x64xf32>
    %momentum_32 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %neg_lr_32 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2x96xf32>
    %bm32 = meld.mul %buf32, %momentum_32 : tensor<2x96xf32>
    %buf32n = meld.add %bm32, %g32 : tensor<2x96xf32>
    %p32n = meld.fma %neg_lr_32, %buf32n, %p32 : tensor<2x96xf32>
    %momentum_33 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<54xf32>
    %neg_lr_33 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<54xf32>
    %bm33 = meld.mul %buf33, %momentum_33 : tensor<54xf32>
    %buf33n = meld.add %bm33, %g33 : tensor<54xf32>
    %p33n = meld.fma %neg_lr_33, %buf33n, %p33 : tensor<54xf32>
    %momentum_34 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<21xf32>
    %neg_lr_34 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<21xf32>
    %bm34 = meld.mul %buf34, %momentum_34 : tensor<21xf32>
    %buf34n = meld.add %bm34, %g34 : tensor<21xf32>
    %p34n = meld.fma %neg_lr_34, %buf34n, %p34 : tensor<21xf32>
    %momentum_35 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<10xf32>
    %neg_lr_35 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<10xf32>
    %bm35 = meld.mul %buf35, %momentum_35 : tensor<10xf32>
    %buf35n = meld.add %bm35, %g35 : tensor<10xf32>
    %p35n = meld.fma %neg_lr_35, %buf35n, %p35 : tensor<10xf32>
    %momentum_36 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %neg_lr_36 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<493x64xf32>
    %bm36 = meld.mul %buf36, %momentum_36 : tensor<493x64xf32>
    %buf36n = meld.add %bm36, %g36 : tensor<493x64xf32>
    %p36n = meld.fma %neg_lr_36, %buf36n, %p36 : tensor<493x64xf32>
    %momentum_37 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %neg_lr_37 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<12x32xf32>
    %bm37 = meld.mul %buf37, %momentum_37 : tensor<12x32xf32>
    %buf37n = meld.add %bm37, %g37 : tensor<12x32xf32>
    %p37n = meld.fma %neg_lr_37, %buf37n, %p37 : tensor<12x32xf32>
    %momentum_38 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<63412xf32>
    %neg_lr_38 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<63412xf32>
    %bm38 = meld.mul %buf38, %momentum_38 : tensor<63412xf32>
    %buf38n = meld.add %bm38, %g38 : tensor<63412xf32>
    %p38n = meld.fma %neg_lr_38, %buf38n, %p38 : tensor<63412xf32>
    %momentum_39 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<41139xf32>
    %neg_lr_39 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<41139xf32>
    %bm39 = meld.mul %buf39, %momentum_39 : tensor<41139xf32>
    %buf39n = meld.add %bm39, %g39 : tensor<41139xf32>
    %p39n = meld.fma %neg_lr_39, %buf39n, %p39 : tensor<41139xf32>
    %momentum_40 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %neg_lr_40 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1184x96xf32>
    %bm40 = meld.mul %buf40, %momentum_40 : tensor<1184x96xf32>
    %buf40n = meld.add %bm40, %g40 : tensor<1184x96xf32>
    %p40n = meld.fma %neg_lr_40, %buf40n, %p40 : tensor<1184x96xf32>
    %momentum_41 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %neg_lr_41 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<303x128xf32>
    %bm41 = meld.mul %buf41, %momentum_41 : tensor<303x128xf32>
    %buf41n = meld.add %bm41, %g41 : tensor<303x128xf32>
    %p41n = meld.fma %neg_lr_41, %buf41n, %p41 : tensor<303x128xf32>
    %momentum_42 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<27886xf32>
    %neg_lr_42 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<27886xf32>
    %bm42 = meld.mul %buf42, %momentum_42 : tensor<27886xf32>
    %buf42n = meld.add %bm42, %g42 : tensor<27886xf32>
    %p42n = meld.fma %neg_lr_42, %buf42n, %p42 : tensor<27886xf32>
    %momentum_43 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %neg_lr_43 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<831x96xf32>
    %bm43 = meld.mul %buf43, %momentum_43 : tensor<831x96xf32>
    %buf43n = meld.add %bm43, %g43 : tensor<831x96xf32>
    %p43n = meld.fma %neg_lr_43, %buf43n, %p43 : tensor<831x96xf32>
    %momentum_44 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %neg_lr_44 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<23x64xf32>
    %bm44 = meld.mul %buf44, %momentum_44 : tensor<23x64xf32>
    %buf44n = meld.add %bm44, %g44 : tensor<23x64xf32>
    %p44n = meld.fma %neg_lr_44, %buf44n, %p44 : tensor<23x64xf32>
    %momentum_45 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_45 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm45 = meld.mul %buf45, %momentum_45 : tensor<2xf32>
    %buf45n = meld.add %bm45, %g45 : tensor<2xf32>
    %p45n = meld.fma %neg_lr_45, %buf45n, %p45 : tensor<2xf32>
    %momentum_46 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %neg_lr_46 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<35x64xf32>
    %bm46 = meld.mul %buf46, %momentum_46 : tensor<35x64xf32>
    %buf46n = meld.add %bm46, %g46 : tensor<35x64xf32>
    %p46n = meld.fma %neg_lr_46, %buf46n, %p46 : tensor<35x64xf32>
    %momentum_47 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %neg_lr_47 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<664x64xf32>
    %bm47 = meld.mul %buf47, %momentum_47 : tensor<664x64xf32>
    %buf47n = meld.add %bm47, %g47 : tensor<664x64xf32>
    %p47n = meld.fma %neg_lr_47, %buf47n, %p47 : tensor<664x64xf32>
    %momentum_48 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<4xf32>
    %neg_lr_48 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<4xf32>
    %bm48 = meld.mul %buf48, %momentum_48 : tensor<4xf32>
    %buf48n = meld.add %bm48, %g48 : tensor<4xf32>
    %p48n = meld.fma %neg_lr_48, %buf48n, %p48 : tensor<4xf32>
    %momentum_49 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<16xf32>
    %neg_lr_49 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<16xf32>
    %bm49 = meld.mul %buf49, %momentum_49 : tensor<16xf32>
    %buf49n = meld.add %bm49, %g49 : tensor<16xf32>
    %p49n = meld.fma %neg_lr_49, %buf49n, %p49 : tensor<16xf32>
    %momentum_50 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %neg_lr_50 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1405x16xf32>
    %bm50 = meld.mul %buf50, %momentum_50 : tensor<1405x16xf32>
    %buf50n = meld.add %bm50, %g50 : tensor<1405x16xf32>
    %p50n = meld.fma %neg_lr_50, %buf50n, %p50 : tensor<1405x16xf32>
    %momentum_51 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3xf32>
    %neg_lr_51 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3xf32>
    %bm51 = meld.mul %buf51, %momentum_51 : tensor<3xf32>
    %buf51n = meld.add %bm51, %g51 : tensor<3xf32>
    %p51n = meld.fma %neg_lr_51, %buf51n, %p51 : tensor<3xf32>
    %momentum_52 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<6xf32>
    %neg_lr_52 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<6xf32>
    %bm52 = meld.mul %buf52, %momentum_52 : tensor<6xf32>
    %buf52n = meld.add %bm52, %g52 : tensor<6xf32>
    %p52n = meld.fma %neg_lr_52, %buf52n, %p52 : tensor<6xf32>
    %momentum_53 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %neg_lr_53 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<51x128xf32>
    %bm53 = meld.mul %buf53, %momentum_53 : tensor<51x128xf32>
    %buf53n = meld.add %bm53, %g53 : tensor<51x128xf32>
    %p53n = meld.fma %neg_lr_53, %buf53n, %p53 : tensor<51x128xf32>
    %momentum_54 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2975xf32>
    %neg_lr_54 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2975xf32>
    %bm54 = meld.mul %buf54, %momentum_54 : tensor<2975xf32>
    %buf54n = meld.add %bm54, %g54 : tensor<2975xf32>
    %p54n = meld.fma %neg_lr_54, %buf54n, %p54 : tensor<2975xf32>
    %momentum_55 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %neg_lr_55 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<124x16xf32>
    %bm55 = meld.mul %buf55, %momentum_55 : tensor<124x16xf32>
    %buf55n = meld.add %bm55, %g55 : tensor<124x16xf32>
    %p55n = meld.fma %neg_lr_55, %buf55n, %p55 : tensor<124x16xf32>
    %momentum_56 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3005xf32>
    %neg_lr_56 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3005xf32>
    %bm56 = meld.mul %buf56, %momentum_56 : tensor<3005xf32>
    %buf56n = meld.add %bm56, %g56 : tensor<3005xf32>
    %p56n = meld.fma %neg_lr_56, %buf56n, %p56 : tensor<3005xf32>
    %momentum_57 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %neg_lr_57 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<22x64xf32>
    %bm57 = meld.mul %buf57, %momentum_57 : tensor<22x64xf32>
    %buf57n = meld.add %bm57, %g57 : tensor<22x64xf32>
    %p57n = meld.fma %neg_lr_57, %buf57n, %p57 : tensor<22x64xf32>
    %momentum_58 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %neg_lr_58 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<288x128xf32>
    %bm58 = meld.mul %buf58, %momentum_58 : tensor<288x128xf32>
    %buf58n = meld.add %bm58, %g58 : tensor<288x128xf32>
    %p58n = meld.fma %neg_lr_58, %buf58n, %p58 : tensor<288x128xf32>
    %momentum_59 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_59 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm59 = meld.mul %buf59, %momentum_59 : tensor<1xf32>
    %buf59n = meld.add %bm59, %g59 : tensor<1xf32>
    %p59n = meld.fma %neg_lr_59, %buf59n, %p59 : tensor<1xf32>
    %momentum_60 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %neg_lr_60 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<11470x16xf32>
    %bm60 = meld.mul %buf60, %momentum_60 : tensor<11470x16xf32>
    %buf60n = meld.add %bm60, %g60 : tensor<11470x16xf32>
    %p60n = meld.fma %neg_lr_60, %buf60n, %p60 : tensor<11470x16xf32>
    %momentum_61 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<421xf32>
    %neg_lr_61 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<421xf32>
    %bm61 = meld.mul %buf61, %momentum_61 : tensor<421xf32>
    %buf61n = meld.add %bm61, %g61 : tensor<421xf32>
    %p61n = meld.fma %neg_lr_61, %buf61n, %p61 : tensor<421xf32>
    %momentum_62 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_62 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm62 = meld.mul %buf62, %momentum_62 : tensor<2xf32>
    %buf62n = meld.add %bm62, %g62 : tensor<2xf32>
    %p62n = meld.fma %neg_lr_62, %buf62n, %p62 : tensor<2xf32>
    %momentum_63 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %neg_lr_63 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<41x128xf32>
    %bm63 = meld.mul %buf63, %momentum_63 : tensor<41x128xf32>
    %buf63n = meld.add %bm63, %g63 : tensor<41x128xf32>
    %p63n = meld.fma %neg_lr_63, %buf63n, %p63 : tensor<41x128xf32>
    %momentum_64 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3xf32>
    %neg_lr_64 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3xf32>
    %bm64 = meld.mul %buf64, %momentum_64 : tensor<3xf32>
    %buf64n = meld.add %bm64, %g64 : tensor<3xf32>
    %p64n = meld.fma %neg_lr_64, %buf64n, %p64 : tensor<3xf32>
    %momentum_65 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<26xf32>
    %neg_lr_65 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<26xf32>
    %bm65 = meld.mul %buf65, %momentum_65 : tensor<26xf32>
    %buf65n = meld.add %bm65, %g65 : tensor<26xf32>
    %p65n = meld.fma %neg_lr_65, %buf65n, %p65 : tensor<26xf32>
    %momentum_66 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<16xf32>
    %neg_lr_66 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<16xf32>
    %bm66 = meld.mul %buf66, %momentum_66 : tensor<16xf32>
    %buf66n = meld.add %bm66, %g66 : tensor<16xf32>
    %p66n = meld.fma %neg_lr_66, %buf66n, %p66 : tensor<16xf32>
    %momentum_67 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %neg_lr_67 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<109x32xf32>
    %bm67 = meld.mul %buf67, %momentum_67 : tensor<109x32xf32>
    %buf67n = meld.add %bm67, %g67 : tensor<109x32xf32>
    %p67n = meld.fma %neg_lr_67, %buf67n, %p67 : tensor<109x32xf32>
    %momentum_68 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_68 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm68 = meld.mul %buf68, %momentum_68 : tensor<2xf32>
    %buf68n = meld.add %bm68, %g68 : tensor<2xf32>
    %p68n = meld.fma %neg_lr_68, %buf68n, %p68 : tensor<2xf32>
    %momentum_69 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %neg_lr_69 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %bm69 = meld.mul %buf69, %momentum_69 : tensor<3x96xf32>
    %buf69n = meld.add %bm69, %g69 : tensor<3x96xf32>
    %p69n = meld.fma %neg_lr_69, %buf69n, %p69 : tensor<3x96xf32>
    %momentum_70 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<12xf32>
    %neg_lr_70 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<12xf32>
    %bm70 = meld.mul %buf70, %momentum_70 : tensor<12xf32>
    %buf70n = meld.add %bm70, %g70 : tensor<12xf32>
    %p70n = meld.fma %neg_lr_70, %buf70n, %p70 : tensor<12xf32>
    %momentum_71 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<92xf32>
    %neg_lr_71 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<92xf32>
    %bm71 = meld.mul %buf71, %momentum_71 : tensor<92xf32>
    %buf71n = meld.add %bm71, %g71 : tensor<92xf32>
    %p71n = meld.fma %neg_lr_71, %buf71n, %p71 : tensor<92xf32>
    %momentum_72 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<39049xf32>
    %neg_lr_72 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<39049xf32>
    %bm72 = meld.mul %buf72, %momentum_72 : tensor<39049xf32>
    %buf72n = meld.add %bm72, %g72 : tensor<39049xf32>
    %p72n = meld.fma %neg_lr_72, %buf72n, %p72 : tensor<39049xf32>
    %momentum_73 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<8xf32>
    %neg_lr_73 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<8xf32>
    %bm73 = meld.mul %buf73, %momentum_73 : tensor<8xf32>
    %buf73n = meld.add %bm73, %g73 : tensor<8xf32>
    %p73n = meld.fma %neg_lr_73, %buf73n, %p73 : tensor<8xf32>
    %momentum_74 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<4832xf32>
    %neg_lr_74 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<4832xf32>
    %bm74 = meld.mul %buf74, %momentum_74 : tensor<4832xf32>
    %buf74n = meld.add %bm74, %g74 : tensor<4832xf32>
    %p74n = meld.fma %neg_lr_74, %buf74n, %p74 : tensor<4832xf32>
    %momentum_75 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_75 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm75 = meld.mul %buf75, %momentum_75 : tensor<2xf32>
    %buf75n = meld.add %bm75, %g75 : tensor<2xf32>
    %p75n = meld.fma %neg_lr_75, %buf75n, %p75 : tensor<2xf32>
    %momentum_76 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5054xf32>
    %neg_lr_76 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5054xf32>
    %bm76 = meld.mul %buf76, %momentum_76 : tensor<5054xf32>
    %buf76n = meld.add %bm76, %g76 : tensor<5054xf32>
    %p76n = meld.fma %neg_lr_76, %buf76n, %p76 : tensor<5054xf32>
    %momentum_77 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %neg_lr_77 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %bm77 = meld.mul %buf77, %momentum_77 : tensor<1x128xf32>
    %buf77n = meld.add %bm77, %g77 : tensor<1x128xf32>
    %p77n = meld.fma %neg_lr_77, %buf77n, %p77 : tensor<1x128xf32>
    %momentum_78 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<111357xf32>
    %neg_lr_78 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<111357xf32>
    %bm78 = meld.mul %buf78, %momentum_78 : tensor<111357xf32>
    %buf78n = meld.add %bm78, %g78 : tensor<111357xf32>
    %p78n = meld.fma %neg_lr_78, %buf78n, %p78 : tensor<111357xf32>
    %momentum_79 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_79 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm79 = meld.mul %buf79, %momentum_79 : tensor<1xf32>
    %buf79n = meld.add %bm79, %g79 : tensor<1xf32>
    %p79n = meld.fma %neg_lr_79, %buf79n, %p79 : tensor<1xf32>
    %momentum_80 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5388xf32>
    %neg_lr_80 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5388xf32>
    %bm80 = meld.mul %buf80, %momentum_80 : tensor<5388xf32>
    %buf80n = meld.add %bm80, %g80 : tensor<5388xf32>
    %p80n = meld.fma %neg_lr_80, %buf80n, %p80 : tensor<5388xf32>
    %momentum_81 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<61860xf32>
    %neg_lr_81 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<61860xf32>
    %bm81 = meld.mul %buf81, %momentum_81 : tensor<61860xf32>
    %buf81n = meld.add %bm81, %g81 : tensor<61860xf32>
    %p81n = meld.fma %neg_lr_81, %buf81n, %p81 : tensor<61860xf32>
    %momentum_82 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %neg_lr_82 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<55x64xf32>
    %bm82 = meld.mul %buf82, %momentum_82 : tensor<55x64xf32>
    %buf82n = meld.add %bm82, %g82 : tensor<55x64xf32>
    %p82n = meld.fma %neg_lr_82, %buf82n, %p82 : tensor<55x64xf32>
    %momentum_83 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<6xf32>
    %neg_lr_83 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<6xf32>
    %bm83 = meld.mul %buf83, %momentum_83 : tensor<6xf32>
    %buf83n = meld.add %bm83, %g83 : tensor<6xf32>
    %p83n = meld.fma %neg_lr_83, %buf83n, %p83 : tensor<6xf32>
    %momentum_84 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %neg_lr_84 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<379x16xf32>
    %bm84 = meld.mul %buf84, %momentum_84 : tensor<379x16xf32>
    %buf84n = meld.add %bm84, %g84 : tensor<379x16xf32>
    %p84n = meld.fma %neg_lr_84, %buf84n, %p84 : tensor<379x16xf32>
    %momentum_85 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %neg_lr_85 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1x64xf32>
    %bm85 = meld.mul %buf85, %momentum_85 : tensor<1x64xf32>
    %buf85n = meld.add %bm85, %g85 : tensor<1x64xf32>
    %p85n = meld.fma %neg_lr_85, %buf85n, %p85 : tensor<1x64xf32>
    %momentum_86 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5xf32>
    %neg_lr_86 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5xf32>
    %bm86 = meld.mul %buf86, %momentum_86 : tensor<5xf32>
    %buf86n = meld.add %bm86, %g86 : tensor<5xf32>
    %p86n = meld.fma %neg_lr_86, %buf86n, %p86 : tensor<5xf32>
    %momentum_87 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %neg_lr_87 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<116x128xf32>
    %bm87 = meld.mul %buf87, %momentum_87 : tensor<116x128xf32>
    %buf87n = meld.add %bm87, %g87 : tensor<116x128xf32>
    %p87n = meld.fma %neg_lr_87, %buf87n, %p87 : tensor<116x128xf32>
    %momentum_88 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<37xf32>
    %neg_lr_88 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<37xf32>
    %bm88 = meld.mul %buf88, %momentum_88 : tensor<37xf32>
    %buf88n = meld.add %bm88, %g88 : tensor<37xf32>
    %p88n = meld.fma %neg_lr_88, %buf88n, %p88 : tensor<37xf32>
    %momentum_89 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<92xf32>
    %neg_lr_89 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<92xf32>
    %bm89 = meld.mul %buf89, %momentum_89 : tensor<92xf32>
    %buf89n = meld.add %bm89, %g89 : tensor<92xf32>
    %p89n = meld.fma %neg_lr_89, %buf89n, %p89 : tensor<92xf32>
    %momentum_90 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2958xf32>
    %neg_lr_90 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2958xf32>
    %bm90 = meld.mul %buf90, %momentum_90 : tensor<2958xf32>
    %buf90n = meld.add %bm90, %g90 : tensor<2958xf32>
    %p90n = meld.fma %neg_lr_90, %buf90n, %p90 : tensor<2958xf32>
    %momentum_91 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %neg_lr_91 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<86x96xf32>
    %bm91 = meld.mul %buf91, %momentum_91 : tensor<86x96xf32>
    %buf91n = meld.add %bm91, %g91 : tensor<86x96xf32>
    %p91n = meld.fma %neg_lr_91, %buf91n, %p91 : tensor<86x96xf32>
    %momentum_92 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %neg_lr_92 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<270x128xf32>
    %bm92 = meld.mul %buf92, %momentum_92 : tensor<270x128xf32>
    %buf92n = meld.add %bm92, %g92 : tensor<270x128xf32>
    %p92n = meld.fma %neg_lr_92, %buf92n, %p92 : tensor<270x128xf32>
    %momentum_93 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<11xf32>
    %neg_lr_93 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<11xf32>
    %bm93 = meld.mul %buf93, %momentum_93 : tensor<11xf32>
    %buf93n = meld.add %bm93, %g93 : tensor<11xf32>
    %p93n = meld.fma %neg_lr_93, %buf93n, %p93 : tensor<11xf32>
    %momentum_94 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %neg_lr_94 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1x96xf32>
    %bm94 = meld.mul %buf94, %momentum_94 : tensor<1x96xf32>
    %buf94n = meld.add %bm94, %g94 : tensor<1x96xf32>
    %p94n = meld.fma %neg_lr_94, %buf94n, %p94 : tensor<1x96xf32>
    %momentum_95 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<118xf32>
    %neg_lr_95 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<118xf32>
    %bm95 = meld.mul %buf95, %momentum_95 : tensor<118xf32>
    %buf95n = meld.add %bm95, %g95 : tensor<118xf32>
    %p95n = meld.fma %neg_lr_95, %buf95n, %p95 : tensor<118xf32>
    %momentum_96 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %neg_lr_96 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<13x96xf32>
    %bm96 = meld.mul %buf96, %momentum_96 : tensor<13x96xf32>
    %buf96n = meld.add %bm96, %g96 : tensor<13x96xf32>
    %p96n = meld.fma %neg_lr_96, %buf96n, %p96 : tensor<13x96xf32>
    %momentum_97 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %neg_lr_97 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3717x16xf32>
    %bm97 = meld.mul %buf97, %momentum_97 : tensor<3717x16xf32>
    %buf97n = meld.add %bm97, %g97 : tensor<3717x16xf32>
    %p97n = meld.fma %neg_lr_97, %buf97n, %p97 : tensor<3717x16xf32>
    %momentum_98 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<8xf32>
    %neg_lr_98 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<8xf32>
    %bm98 = meld.mul %buf98, %momentum_98 : tensor<8xf32>
    %buf98n = meld.add %bm98, %g98 : tensor<8xf32>
    %p98n = meld.fma %neg_lr_98, %buf98n, %p98 : tensor<8xf32>
    %momentum_99 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_99 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm99 = meld.mul %buf99, %momentum_99 : tensor<2xf32>
    %buf99n = meld.add %bm99, %g99 : tensor<2xf32>
    %p99n = meld.fma %neg_lr_99, %buf99n, %p99 : tensor<2xf32>
    %momentum_100 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %neg_lr_100 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<72x96xf32>
    %bm100 = meld.mul %buf100, %momentum_100 : tensor<72x96xf32>
    %buf100n = meld.add %bm100, %g100 : tensor<72x96xf32>
    %p100n = meld.fma %neg_lr_100, %buf100n, %p100 : tensor<72x96xf32>
    %momentum_101 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<94068xf32>
    %neg_lr_101 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<94068xf32>
    %bm101 = meld.mul %buf101, %momentum_101 : tensor<94068xf32>
    %buf101n = meld.add %bm101, %g101 : tensor<94068xf32>
    %p101n = meld.fma %neg_lr_101, %buf101n, %p101 : tensor<94068xf32>
    %momentum_102 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_102 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm102 = meld.mul %buf102, %momentum_102 : tensor<1xf32>
    %buf102n = meld.add %bm102, %g102 : tensor<1xf32>
    %p102n = meld.fma %neg_lr_102, %buf102n, %p102 : tensor<1xf32>
    %momentum_103 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_103 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm103 = meld.mul %buf103, %momentum_103 : tensor<1xf32>
    %buf103n = meld.add %bm103, %g103 : tensor<1xf32>
    %p103n = meld.fma %neg_lr_103, %buf103n, %p103 : tensor<1xf32>
    %momentum_104 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<60xf32>
    %neg_lr_104 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<60xf32>
    %bm104 = meld.mul %buf104, %momentum_104 : tensor<60xf32>
    %buf104n = meld.add %bm104, %g104 : tensor<60xf32>
    %p104n = meld.fma %neg_lr_104, %buf104n, %p104 : tensor<60xf32>
    %momentum_105 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %neg_lr_105 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<403x96xf32>
    %bm105 = meld.mul %buf105, %momentum_105 : tensor<403x96xf32>
    %buf105n = meld.add %bm105, %g105 : tensor<403x96xf32>
    %p105n = meld.fma %neg_lr_105, %buf105n, %p105 : tensor<403x96xf32>
    %momentum_106 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<10xf32>
    %neg_lr_106 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<10xf32>
    %bm106 = meld.mul %buf106, %momentum_106 : tensor<10xf32>
    %buf106n = meld.add %bm106, %g106 : tensor<10xf32>
    %p106n = meld.fma %neg_lr_106, %buf106n, %p106 : tensor<10xf32>
    %momentum_107 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<297814xf32>
    %neg_lr_107 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<297814xf32>
    %bm107 = meld.mul %buf107, %momentum_107 : tensor<297814xf32>
    %buf107n = meld.add %bm107, %g107 : tensor<297814xf32>
    %p107n = meld.fma %neg_lr_107, %buf107n, %p107 : tensor<297814xf32>
    %momentum_108 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_108 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm108 = meld.mul %buf108, %momentum_108 : tensor<2xf32>
    %buf108n = meld.add %bm108, %g108 : tensor<2xf32>
    %p108n = meld.fma %neg_lr_108, %buf108n, %p108 : tensor<2xf32>
    %momentum_109 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<9417xf32>
    %neg_lr_109 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<9417xf32>
    %bm109 = meld.mul %buf109, %momentum_109 : tensor<9417xf32>
    %buf109n = meld.add %bm109, %g109 : tensor<9417xf32>
    %p109n = meld.fma %neg_lr_109, %buf109n, %p109 : tensor<9417xf32>
    %momentum_110 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<158xf32>
    %neg_lr_110 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<158xf32>
    %bm110 = meld.mul %buf110, %momentum_110 : tensor<158xf32>
    %buf110n = meld.add %bm110, %g110 : tensor<158xf32>
    %p110n = meld.fma %neg_lr_110, %buf110n, %p110 : tensor<158xf32>
    %momentum_111 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<53xf32>
    %neg_lr_111 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<53xf32>
    %bm111 = meld.mul %buf111, %momentum_111 : tensor<53xf32>
    %buf111n = meld.add %bm111, %g111 : tensor<53xf32>
    %p111n = meld.fma %neg_lr_111, %buf111n, %p111 : tensor<53xf32>
    %momentum_112 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<14xf32>
    %neg_lr_112 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<14xf32>
    %bm112 = meld.mul %buf112, %momentum_112 : tensor<14xf32>
    %buf112n = meld.add %bm112, %g112 : tensor<14xf32>
    %p112n = meld.fma %neg_lr_112, %buf112n, %p112 : tensor<14xf32>
    %momentum_113 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %neg_lr_113 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<66x128xf32>
    %bm113 = meld.mul %buf113, %momentum_113 : tensor<66x128xf32>
    %buf113n = meld.add %bm113, %g113 : tensor<66x128xf32>
    %p113n = meld.fma %neg_lr_113, %buf113n, %p113 : tensor<66x128xf32>
    %momentum_114 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %neg_lr_114 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<17x128xf32>
    %bm114 = meld.mul %buf114, %momentum_114 : tensor<17x128xf32>
    %buf114n = meld.add %bm114, %g114 : tensor<17x128xf32>
    %p114n = meld.fma %neg_lr_114, %buf114n, %p114 : tensor<17x128xf32>
    %momentum_115 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3598xf32>
    %neg_lr_115 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3598xf32>
    %bm115 = meld.mul %buf115, %momentum_115 : tensor<3598xf32>
    %buf115n = meld.add %bm115, %g115 : tensor<3598xf32>
    %p115n = meld.fma %neg_lr_115, %buf115n, %p115 : tensor<3598xf32>
    %momentum_116 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<34xf32>
    %neg_lr_116 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<34xf32>
    %bm116 = meld.mul %buf116, %momentum_116 : tensor<34xf32>
    %buf116n = meld.add %bm116, %g116 : tensor<34xf32>
    %p116n = meld.fma %neg_lr_116, %buf116n, %p116 : tensor<34xf32>
    %momentum_117 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %neg_lr_117 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2383x96xf32>
    %bm117 = meld.mul %buf117, %momentum_117 : tensor<2383x96xf32>
    %buf117n = meld.add %bm117, %g117 : tensor<2383x96xf32>
    %p117n = meld.fma %neg_lr_117, %buf117n, %p117 : tensor<2383x96xf32>
    %momentum_118 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %neg_lr_118 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<28x96xf32>
    %bm118 = meld.mul %buf118, %momentum_118 : tensor<28x96xf32>
    %buf118n = meld.add %bm118, %g118 : tensor<28x96xf32>
    %p118n = meld.fma %neg_lr_118, %buf118n, %p118 : tensor<28x96xf32>
    %momentum_119 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %neg_lr_119 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<375x64xf32>
    %bm119 = meld.mul %buf119, %momentum_119 : tensor<375x64xf32>
    %buf119n = meld.add %bm119, %g119 : tensor<375x64xf32>
    %p119n = meld.fma %neg_lr_119, %buf119n, %p119 : tensor<375x64xf32>
    %momentum_120 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5xf32>
    %neg_lr_120 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5xf32>
    %bm120 = meld.mul %buf120, %momentum_120 : tensor<5xf32>
    %buf120n = meld.add %bm120, %g120 : tensor<5xf32>
    %p120n = meld.fma %neg_lr_120, %buf120n, %p120 : tensor<5xf32>
    %momentum_121 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<712xf32>
    %neg_lr_121 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<712xf32>
    %bm121 = meld.mul %buf121, %momentum_121 : tensor<712xf32>
    %buf121n = meld.add %bm121, %g121 : tensor<712xf32>
    %p121n = meld.fma %neg_lr_121, %buf121n, %p121 : tensor<712xf32>
    %momentum_122 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<79xf32>
    %neg_lr_122 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<79xf32>
    %bm122 = meld.mul %buf122, %momentum_122 : tensor<79xf32>
    %buf122n = meld.add %bm122, %g122 : tensor<79xf32>
    %p122n = meld.fma %neg_lr_122, %buf122n, %p122 : tensor<79xf32>
    %momentum_123 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<33xf32>
    %neg_lr_123 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<33xf32>
    %bm123 = meld.mul %buf123, %momentum_123 : tensor<33xf32>
    %buf123n = meld.add %bm123, %g123 : tensor<33xf32>
    %p123n = meld.fma %neg_lr_123, %buf123n, %p123 : tensor<33xf32>
    %momentum_124 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_124 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm124 = meld.mul %buf124, %momentum_124 : tensor<1xf32>
    %buf124n = meld.add %bm124, %g124 : tensor<1xf32>
    %p124n = meld.fma %neg_lr_124, %buf124n, %p124 : tensor<1xf32>
    %momentum_125 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_125 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm125 = meld.mul %buf125, %momentum_125 : tensor<1xf32>
    %buf125n = meld.add %bm125, %g125 : tensor<1xf32>
    %p125n = meld.fma %neg_lr_125, %buf125n, %p125 : tensor<1xf32>
    %momentum_126 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %neg_lr_126 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<83x64xf32>
    %bm126 = meld.mul %buf126, %momentum_126 : tensor<83x64xf32>
    %buf126n = meld.add %bm126, %g126 : tensor<83x64xf32>
    %p126n = meld.fma %neg_lr_126, %buf126n, %p126 : tensor<83x64xf32>
    %momentum_127 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<138020xf32>
    %neg_lr_127 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<138020xf32>
    %bm127 = meld.mul %buf127, %momentum_127 : tensor<138020xf32>
    %buf127n = meld.add %bm127, %g127 : tensor<138020xf32>
    %p127n = meld.fma %neg_lr_127, %buf127n, %p127 : tensor<138020xf32>
    %momentum_128 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_128 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm128 = meld.mul %buf128, %momentum_128 : tensor<1xf32>
    %buf128n = meld.add %bm128, %g128 : tensor<1xf32>
    %p128n = meld.fma %neg_lr_128, %buf128n, %p128 : tensor<1xf32>
    %momentum_129 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<12679xf32>
    %neg_lr_129 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<12679xf32>
    %bm129 = meld.mul %buf129, %momentum_129 : tensor<12679xf32>
    %buf129n = meld.add %bm129, %g129 : tensor<12679xf32>
    %p129n = meld.fma %neg_lr_129, %buf129n, %p129 : tensor<12679xf32>
    %momentum_130 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3885xf32>
    %neg_lr_130 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3885xf32>
    %bm130 = meld.mul %buf130, %momentum_130 : tensor<3885xf32>
    %buf130n = meld.add %bm130, %g130 : tensor<3885xf32>
    %p130n = meld.fma %neg_lr_130, %buf130n, %p130 : tensor<3885xf32>
    %momentum_131 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<87953xf32>
    %neg_lr_131 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<87953xf32>
    %bm131 = meld.mul %buf131, %momentum_131 : tensor<87953xf32>
    %buf131n = meld.add %bm131, %g131 : tensor<87953xf32>
    %p131n = meld.fma %neg_lr_131, %buf131n, %p131 : tensor<87953xf32>
    %momentum_132 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %neg_lr_132 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %bm132 = meld.mul %buf132, %momentum_132 : tensor<3x32xf32>
    %buf132n = meld.add %bm132, %g132 : tensor<3x32xf32>
    %p132n = meld.fma %neg_lr_132, %buf132n, %p132 : tensor<3x32xf32>
    %momentum_133 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %neg_lr_133 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %bm133 = meld.mul %buf133, %momentum_133 : tensor<3x32xf32>
    %buf133n = meld.add %bm133, %g133 : tensor<3x32xf32>
    %p133n = meld.fma %neg_lr_133, %buf133n, %p133 : tensor<3x32xf32>
    %momentum_134 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<6xf32>
    %neg_lr_134 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<6xf32>
    %bm134 = meld.mul %buf134, %momentum_134 : tensor<6xf32>
    %buf134n = meld.add %bm134, %g134 : tensor<6xf32>
    %p134n = meld.fma %neg_lr_134, %buf134n, %p134 : tensor<6xf32>
    %momentum_135 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<67xf32>
    %neg_lr_135 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<67xf32>
    %bm135 = meld.mul %buf135, %momentum_135 : tensor<67xf32>
    %buf135n = meld.add %bm135, %g135 : tensor<67xf32>
    %p135n = meld.fma %neg_lr_135, %buf135n, %p135 : tensor<67xf32>
    %momentum_136 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %neg_lr_136 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<67x128xf32>
    %bm136 = meld.mul %buf136, %momentum_136 : tensor<67x128xf32>
    %buf136n = meld.add %bm136, %g136 : tensor<67x128xf32>
    %p136n = meld.fma %neg_lr_136, %buf136n, %p136 : tensor<67x128xf32>
    %momentum_137 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_137 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm137 = meld.mul %buf137, %momentum_137 : tensor<1xf32>
    %buf137n = meld.add %bm137, %g137 : tensor<1xf32>
    %p137n = meld.fma %neg_lr_137, %buf137n, %p137 : tensor<1xf32>
    %momentum_138 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<29xf32>
    %neg_lr_138 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<29xf32>
    %bm138 = meld.mul %buf138, %momentum_138 : tensor<29xf32>
    %buf138n = meld.add %bm138, %g138 : tensor<29xf32>
    %p138n = meld.fma %neg_lr_138, %buf138n, %p138 : tensor<29xf32>
    %momentum_139 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<6xf32>
    %neg_lr_139 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<6xf32>
    %bm139 = meld.mul %buf139, %momentum_139 : tensor<6xf32>
    %buf139n = meld.add %bm139, %g139 : tensor<6xf32>
    %p139n = meld.fma %neg_lr_139, %buf139n, %p139 : tensor<6xf32>
    %momentum_140 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %neg_lr_140 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<12x128xf32>
    %bm140 = meld.mul %buf140, %momentum_140 : tensor<12x128xf32>
    %buf140n = meld.add %bm140, %g140 : tensor<12x128xf32>
    %p140n = meld.fma %neg_lr_140, %buf140n, %p140 : tensor<12x128xf32>
    %momentum_141 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5xf32>
    %neg_lr_141 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5xf32>
    %bm141 = meld.mul %buf141, %momentum_141 : tensor<5xf32>
    %buf141n = meld.add %bm141, %g141 : tensor<5xf32>
    %p141n = meld.fma %neg_lr_141, %buf141n, %p141 : tensor<5xf32>
    %momentum_142 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<4xf32>
    %neg_lr_142 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<4xf32>
    %bm142 = meld.mul %buf142, %momentum_142 : tensor<4xf32>
    %buf142n = meld.add %bm142, %g142 : tensor<4xf32>
    %p142n = meld.fma %neg_lr_142, %buf142n, %p142 : tensor<4xf32>
    %momentum_143 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<10026xf32>
    %neg_lr_143 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<10026xf32>
    %bm143 = meld.mul %buf143, %momentum_143 : tensor<10026xf32>
    %buf143n = meld.add %bm143, %g143 : tensor<10026xf32>
    %p143n = meld.fma %neg_lr_143, %buf143n, %p143 : tensor<10026xf32>
    %momentum_144 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<48xf32>
    %neg_lr_144 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<48xf32>
    %bm144 = meld.mul %buf144, %momentum_144 : tensor<48xf32>
    %buf144n = meld.add %bm144, %g144 : tensor<48xf32>
    %p144n = meld.fma %neg_lr_144, %buf144n, %p144 : tensor<48xf32>
    %momentum_145 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<49441xf32>
    %neg_lr_145 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<49441xf32>
    %bm145 = meld.mul %buf145, %momentum_145 : tensor<49441xf32>
    %buf145n = meld.add %bm145, %g145 : tensor<49441xf32>
    %p145n = meld.fma %neg_lr_145, %buf145n, %p145 : tensor<49441xf32>
    %momentum_146 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<45xf32>
    %neg_lr_146 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<45xf32>
    %bm146 = meld.mul %buf146, %momentum_146 : tensor<45xf32>
    %buf146n = meld.add %bm146, %g146 : tensor<45xf32>
    %p146n = meld.fma %neg_lr_146, %buf146n, %p146 : tensor<45xf32>
    %momentum_147 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %neg_lr_147 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2356x16xf32>
    %bm147 = meld.mul %buf147, %momentum_147 : tensor<2356x16xf32>
    %buf147n = meld.add %bm147, %g147 : tensor<2356x16xf32>
    %p147n = meld.fma %neg_lr_147, %buf147n, %p147 : tensor<2356x16xf32>
    %momentum_148 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3xf32>
    %neg_lr_148 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3xf32>
    %bm148 = meld.mul %buf148, %momentum_148 : tensor<3xf32>
    %buf148n = meld.add %bm148, %g148 : tensor<3xf32>
    %p148n = meld.fma %neg_lr_148, %buf148n, %p148 : tensor<3xf32>
    %momentum_149 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %neg_lr_149 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1481x64xf32>
    %bm149 = meld.mul %buf149, %momentum_149 : tensor<1481x64xf32>
    %buf149n = meld.add %bm149, %g149 : tensor<1481x64xf32>
    %p149n = meld.fma %neg_lr_149, %buf149n, %p149 : tensor<1481x64xf32>
    %momentum_150 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<4xf32>
    %neg_lr_150 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<4xf32>
    %bm150 = meld.mul %buf150, %momentum_150 : tensor<4xf32>
    %buf150n = meld.add %bm150, %g150 : tensor<4xf32>
    %p150n = meld.fma %neg_lr_150, %buf150n, %p150 : tensor<4xf32>
    %momentum_151 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<4xf32>
    %neg_lr_151 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<4xf32>
    %bm151 = meld.mul %buf151, %momentum_151 : tensor<4xf32>
    %buf151n = meld.add %bm151, %g151 : tensor<4xf32>
    %p151n = meld.fma %neg_lr_151, %buf151n, %p151 : tensor<4xf32>
    %momentum_152 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %neg_lr_152 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<8x64xf32>
    %bm152 = meld.mul %buf152, %momentum_152 : tensor<8x64xf32>
    %buf152n = meld.add %bm152, %g152 : tensor<8x64xf32>
    %p152n = meld.fma %neg_lr_152, %buf152n, %p152 : tensor<8x64xf32>
    %momentum_153 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<10575xf32>
    %neg_lr_153 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<10575xf32>
    %bm153 = meld.mul %buf153, %momentum_153 : tensor<10575xf32>
    %buf153n = meld.add %bm153, %g153 : tensor<10575xf32>
    %p153n = meld.fma %neg_lr_153, %buf153n, %p153 : tensor<10575xf32>
    %momentum_154 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<108955xf32>
    %neg_lr_154 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<108955xf32>
    %bm154 = meld.mul %buf154, %momentum_154 : tensor<108955xf32>
    %buf154n = meld.add %bm154, %g154 : tensor<108955xf32>
    %p154n = meld.fma %neg_lr_154, %buf154n, %p154 : tensor<108955xf32>
    %momentum_155 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<114xf32>
    %neg_lr_155 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<114xf32>
    %bm155 = meld.mul %buf155, %momentum_155 : tensor<114xf32>
    %buf155n = meld.add %bm155, %g155 : tensor<114xf32>
    %p155n = meld.fma %neg_lr_155, %buf155n, %p155 : tensor<114xf32>
    %momentum_156 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %neg_lr_156 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<197x16xf32>
    %bm156 = meld.mul %buf156, %momentum_156 : tensor<197x16xf32>
    %buf156n = meld.add %bm156, %g156 : tensor<197x16xf32>
    %p156n = meld.fma %neg_lr_156, %buf156n, %p156 : tensor<197x16xf32>
    %momentum_157 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<12xf32>
    %neg_lr_157 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<12xf32>
    %bm157 = meld.mul %buf157, %momentum_157 : tensor<12xf32>
    %buf157n = meld.add %bm157, %g157 : tensor<12xf32>
    %p157n = meld.fma %neg_lr_157, %buf157n, %p157 : tensor<12xf32>
    %momentum_158 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<16xf32>
    %neg_lr_158 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<16xf32>
    %bm158 = meld.mul %buf158, %momentum_158 : tensor<16xf32>
    %buf158n = meld.add %bm158, %g158 : tensor<16xf32>
    %p158n = meld.fma %neg_lr_158, %buf158n, %p158 : tensor<16xf32>
    %momentum_159 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %neg_lr_159 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1x128xf32>
    %bm159 = meld.mul %buf159, %momentum_159 : tensor<1x128xf32>
    %buf159n = meld.add %bm159, %g159 : tensor<1x128xf32>
    %p159n = meld.fma %neg_lr_159, %buf159n, %p159 : tensor<1x128xf32>
    %momentum_160 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %neg_lr_160 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<7x96xf32>
    %bm160 = meld.mul %buf160, %momentum_160 : tensor<7x96xf32>
    %buf160n = meld.add %bm160, %g160 : tensor<7x96xf32>
    %p160n = meld.fma %neg_lr_160, %buf160n, %p160 : tensor<7x96xf32>
    %momentum_161 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<20775xf32>
    %neg_lr_161 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<20775xf32>
    %bm161 = meld.mul %buf161, %momentum_161 : tensor<20775xf32>
    %buf161n = meld.add %bm161, %g161 : tensor<20775xf32>
    %p161n = meld.fma %neg_lr_161, %buf161n, %p161 : tensor<20775xf32>
    %momentum_162 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<15xf32>
    %neg_lr_162 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<15xf32>
    %bm162 = meld.mul %buf162, %momentum_162 : tensor<15xf32>
    %buf162n = meld.add %bm162, %g162 : tensor<15xf32>
    %p162n = meld.fma %neg_lr_162, %buf162n, %p162 : tensor<15xf32>
    %momentum_163 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_163 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm163 = meld.mul %buf163, %momentum_163 : tensor<2xf32>
    %buf163n = meld.add %bm163, %g163 : tensor<2xf32>
    %p163n = meld.fma %neg_lr_163, %buf163n, %p163 : tensor<2xf32>
    %momentum_164 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<16xf32>
    %neg_lr_164 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<16xf32>
    %bm164 = meld.mul %buf164, %momentum_164 : tensor<16xf32>
    %buf164n = meld.add %bm164, %g164 : tensor<16xf32>
    %p164n = meld.fma %neg_lr_164, %buf164n, %p164 : tensor<16xf32>
    %momentum_165 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %neg_lr_165 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<9269x32xf32>
    %bm165 = meld.mul %buf165, %momentum_165 : tensor<9269x32xf32>
    %buf165n = meld.add %bm165, %g165 : tensor<9269x32xf32>
    %p165n = meld.fma %neg_lr_165, %buf165n, %p165 : tensor<9269x32xf32>
    %momentum_166 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %neg_lr_166 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<14x16xf32>
    %bm166 = meld.mul %buf166, %momentum_166 : tensor<14x16xf32>
    %buf166n = meld.add %bm166, %g166 : tensor<14x16xf32>
    %p166n = meld.fma %neg_lr_166, %buf166n, %p166 : tensor<14x16xf32>
    %momentum_167 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<31775xf32>
    %neg_lr_167 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<31775xf32>
    %bm167 = meld.mul %buf167, %momentum_167 : tensor<31775xf32>
    %buf167n = meld.add %bm167, %g167 : tensor<31775xf32>
    %p167n = meld.fma %neg_lr_167, %buf167n, %p167 : tensor<31775xf32>
    %momentum_168 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_168 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm168 = meld.mul %buf168, %momentum_168 : tensor<1xf32>
    %buf168n = meld.add %bm168, %g168 : tensor<1xf32>
    %p168n = meld.fma %neg_lr_168, %buf168n, %p168 : tensor<1xf32>
    %momentum_169 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<758xf32>
    %neg_lr_169 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<758xf32>
    %bm169 = meld.mul %buf169, %momentum_169 : tensor<758xf32>
    %buf169n = meld.add %bm169, %g169 : tensor<758xf32>
    %p169n = meld.fma %neg_lr_169, %buf169n, %p169 : tensor<758xf32>
    %momentum_170 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<12xf32>
    %neg_lr_170 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<12xf32>
    %bm170 = meld.mul %buf170, %momentum_170 : tensor<12xf32>
    %buf170n = meld.add %bm170, %g170 : tensor<12xf32>
    %p170n = meld.fma %neg_lr_170, %buf170n, %p170 : tensor<12xf32>
    %momentum_171 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %neg_lr_171 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<32x16xf32>
    %bm171 = meld.mul %buf171, %momentum_171 : tensor<32x16xf32>
    %buf171n = meld.add %bm171, %g171 : tensor<32x16xf32>
    %p171n = meld.fma %neg_lr_171, %buf171n, %p171 : tensor<32x16xf32>
    %momentum_172 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<289009xf32>
    %neg_lr_172 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<289009xf32>
    %bm172 = meld.mul %buf172, %momentum_172 : tensor<289009xf32>
    %buf172n = meld.add %bm172, %g172 : tensor<289009xf32>
    %p172n = meld.fma %neg_lr_172, %buf172n, %p172 : tensor<289009xf32>
    %momentum_173 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %neg_lr_173 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<27x96xf32>
    %bm173 = meld.mul %buf173, %momentum_173 : tensor<27x96xf32>
    %buf173n = meld.add %bm173, %g173 : tensor<27x96xf32>
    %p173n = meld.fma %neg_lr_173, %buf173n, %p173 : tensor<27x96xf32>
    %momentum_174 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %neg_lr_174 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3x32xf32>
    %bm174 = meld.mul %buf174, %momentum_174 : tensor<3x32xf32>
    %buf174n = meld.add %bm174, %g174 : tensor<3x32xf32>
    %p174n = meld.fma %neg_lr_174, %buf174n, %p174 : tensor<3x32xf32>
    %momentum_175 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3xf32>
    %neg_lr_175 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3xf32>
    %bm175 = meld.mul %buf175, %momentum_175 : tensor<3xf32>
    %buf175n = meld.add %bm175, %g175 : tensor<3xf32>
    %p175n = meld.fma %neg_lr_175, %buf175n, %p175 : tensor<3xf32>
    %momentum_176 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %neg_lr_176 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<14x128xf32>
    %bm176 = meld.mul %buf176, %momentum_176 : tensor<14x128xf32>
    %buf176n = meld.add %bm176, %g176 : tensor<14x128xf32>
    %p176n = meld.fma %neg_lr_176, %buf176n, %p176 : tensor<14x128xf32>
    %momentum_177 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<167xf32>
    %neg_lr_177 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<167xf32>
    %bm177 = meld.mul %buf177, %momentum_177 : tensor<167xf32>
    %buf177n = meld.add %bm177, %g177 : tensor<167xf32>
    %p177n = meld.fma %neg_lr_177, %buf177n, %p177 : tensor<167xf32>
    %momentum_178 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %neg_lr_178 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1001x64xf32>
    %bm178 = meld.mul %buf178, %momentum_178 : tensor<1001x64xf32>
    %buf178n = meld.add %bm178, %g178 : tensor<1001x64xf32>
    %p178n = meld.fma %neg_lr_178, %buf178n, %p178 : tensor<1001x64xf32>
    %momentum_179 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<36759xf32>
    %neg_lr_179 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<36759xf32>
    %bm179 = meld.mul %buf179, %momentum_179 : tensor<36759xf32>
    %buf179n = meld.add %bm179, %g179 : tensor<36759xf32>
    %p179n = meld.fma %neg_lr_179, %buf179n, %p179 : tensor<36759xf32>
    %momentum_180 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3008xf32>
    %neg_lr_180 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3008xf32>
    %bm180 = meld.mul %buf180, %momentum_180 : tensor<3008xf32>
    %buf180n = meld.add %bm180, %g180 : tensor<3008xf32>
    %p180n = meld.fma %neg_lr_180, %buf180n, %p180 : tensor<3008xf32>
    %momentum_181 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<939xf32>
    %neg_lr_181 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<939xf32>
    %bm181 = meld.mul %buf181, %momentum_181 : tensor<939xf32>
    %buf181n = meld.add %bm181, %g181 : tensor<939xf32>
    %p181n = meld.fma %neg_lr_181, %buf181n, %p181 : tensor<939xf32>
    %momentum_182 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1xf32>
    %neg_lr_182 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1xf32>
    %bm182 = meld.mul %buf182, %momentum_182 : tensor<1xf32>
    %buf182n = meld.add %bm182, %g182 : tensor<1xf32>
    %p182n = meld.fma %neg_lr_182, %buf182n, %p182 : tensor<1xf32>
    %momentum_183 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<7321xf32>
    %neg_lr_183 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<7321xf32>
    %bm183 = meld.mul %buf183, %momentum_183 : tensor<7321xf32>
    %buf183n = meld.add %bm183, %g183 : tensor<7321xf32>
    %p183n = meld.fma %neg_lr_183, %buf183n, %p183 : tensor<7321xf32>
    %momentum_184 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<55xf32>
    %neg_lr_184 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<55xf32>
    %bm184 = meld.mul %buf184, %momentum_184 : tensor<55xf32>
    %buf184n = meld.add %bm184, %g184 : tensor<55xf32>
    %p184n = meld.fma %neg_lr_184, %buf184n, %p184 : tensor<55xf32>
    %momentum_185 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<57xf32>
    %neg_lr_185 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<57xf32>
    %bm185 = meld.mul %buf185, %momentum_185 : tensor<57xf32>
    %buf185n = meld.add %bm185, %g185 : tensor<57xf32>
    %p185n = meld.fma %neg_lr_185, %buf185n, %p185 : tensor<57xf32>
    %momentum_186 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<751xf32>
    %neg_lr_186 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<751xf32>
    %bm186 = meld.mul %buf186, %momentum_186 : tensor<751xf32>
    %buf186n = meld.add %bm186, %g186 : tensor<751xf32>
    %p186n = meld.fma %neg_lr_186, %buf186n, %p186 : tensor<751xf32>
    %momentum_187 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %neg_lr_187 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<20x96xf32>
    %bm187 = meld.mul %buf187, %momentum_187 : tensor<20x96xf32>
    %buf187n = meld.add %bm187, %g187 : tensor<20x96xf32>
    %p187n = meld.fma %neg_lr_187, %buf187n, %p187 : tensor<20x96xf32>
    %momentum_188 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1559xf32>
    %neg_lr_188 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1559xf32>
    %bm188 = meld.mul %buf188, %momentum_188 : tensor<1559xf32>
    %buf188n = meld.add %bm188, %g188 : tensor<1559xf32>
    %p188n = meld.fma %neg_lr_188, %buf188n, %p188 : tensor<1559xf32>
    %momentum_189 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %neg_lr_189 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<1645x16xf32>
    %bm189 = meld.mul %buf189, %momentum_189 : tensor<1645x16xf32>
    %buf189n = meld.add %bm189, %g189 : tensor<1645x16xf32>
    %p189n = meld.fma %neg_lr_189, %buf189n, %p189 : tensor<1645x16xf32>
    %momentum_190 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<674xf32>
    %neg_lr_190 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<674xf32>
    %bm190 = meld.mul %buf190, %momentum_190 : tensor<674xf32>
    %buf190n = meld.add %bm190, %g190 : tensor<674xf32>
    %p190n = meld.fma %neg_lr_190, %buf190n, %p190 : tensor<674xf32>
    %momentum_191 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<2xf32>
    %neg_lr_191 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<2xf32>
    %bm191 = meld.mul %buf191, %momentum_191 : tensor<2xf32>
    %buf191n = meld.add %bm191, %g191 : tensor<2xf32>
    %p191n = meld.fma %neg_lr_191, %buf191n, %p191 : tensor<2xf32>
    %momentum_192 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<5xf32>
    %neg_lr_192 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<5xf32>
    %bm192 = meld.mul %buf192, %momentum_192 : tensor<5xf32>
    %buf192n = meld.add %bm192, %g192 : tensor<5xf32>
    %p192n = meld.fma %neg_lr_192, %buf192n, %p192 : tensor<5xf32>
    %momentum_193 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<44xf32>
    %neg_lr_193 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<44xf32>
    %bm193 = meld.mul %buf193, %momentum_193 : tensor<44xf32>
    %buf193n = meld.add %bm193, %g193 : tensor<44xf32>
    %p193n = meld.fma %neg_lr_193, %buf193n, %p193 : tensor<44xf32>
    %momentum_194 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %neg_lr_194 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<448x32xf32>
    %bm194 = meld.mul %buf194, %momentum_194 : tensor<448x32xf32>
    %buf194n = meld.add %bm194, %g194 : tensor<448x32xf32>
    %p194n = meld.fma %neg_lr_194, %buf194n, %p194 : tensor<448x32xf32>
    %momentum_195 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<24279xf32>
    %neg_lr_195 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<24279xf32>
    %bm195 = meld.mul %buf195, %momentum_195 : tensor<24279xf32>
    %buf195n = meld.add %bm195, %g195 : tensor<24279xf32>
    %p195n = meld.fma %neg_lr_195, %buf195n, %p195 : tensor<24279xf32>
    %momentum_196 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %neg_lr_196 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3x96xf32>
    %bm196 = meld.mul %buf196, %momentum_196 : tensor<3x96xf32>
    %buf196n = meld.add %bm196, %g196 : tensor<3x96xf32>
    %p196n = meld.fma %neg_lr_196, %buf196n, %p196 : tensor<3x96xf32>
    %momentum_197 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %neg_lr_197 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<673x128xf32>
    %bm197 = meld.mul %buf197, %momentum_197 : tensor<673x128xf32>
    %buf197n = meld.add %bm197, %g197 : tensor<673x128xf32>
    %p197n = meld.fma %neg_lr_197, %buf197n, %p197 : tensor<673x128xf32>
    %momentum_198 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<3xf32>
    %neg_lr_198 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<3xf32>
    %bm198 = meld.mul %buf198, %momentum_198 : tensor<3xf32>
    %buf198n = meld.add %bm198, %g198 : tensor<3xf32>
    %p198n = meld.fma %neg_lr_198, %buf198n, %p198 : tensor<3xf32>
    %momentum_199 = meld.broadcast_in_dim %momentum, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %neg_lr_199 = meld.broadcast_in_dim %neg_lr, dims = [] : tensor<f32> -> tensor<174x128xf32>
    %bm199 = meld.mul %buf199, %momentum_199 : tensor<174x128xf32>
    %buf199n = meld.add %bm199, %g199 : tensor<174x128xf32>
    %p199n = meld.fma %neg_lr_199, %buf199n, %p199 : tensor<174x128xf32>
    return %p0n, %buf0n, %p1n, %buf1n, %p2n, %buf2n, %p3n, %buf3n, %p4n, %buf4n, %p5n, %buf5n, %p6n, %buf6n, %p7n, %buf7n, %p8n, %buf8n, %p9n, %buf9n, %p10n, %buf10n, %p11n, %buf11n, %p12n, %buf12n, %p13n, %buf13n, %p14n, %buf14n, %p15n, %buf15n, %p16n, %buf16n, %p17n, %buf17n, %p18n, %buf18n, %p19n, %buf19n, %p20n, %buf20n, %p21n, %buf21n, %p22n, %buf22n, %p23n, %buf23n, %p24n, %buf24n, %p25n, %buf25n, %p26n, %buf26n, %p27n, %buf27n, %p28n, %buf28n, %p29n, %buf29n, %p30n, %buf30n, %p31n, %buf31n, %p32n, %buf32n, %p33n, %buf33n, %p34n, %buf34n, %p35n, %buf35n, %p36n, %buf36n, %p37n, %buf37n, %p38n, %buf38n, %p39n, %buf39n, %p40n, %buf40n, %p41n, %buf41n, %p42n, %buf42n, %p43n, %buf43n, %p44n, %buf44n, %p45n, %buf45n, %p46n, %buf46n, %p47n, %buf47n, %p48n, %buf48n, %p49n, %buf49n, %p50n, %buf50n, %p51n, %buf51n, %p52n, %buf52n, %p53n, %buf53n, %p54n, %buf54n, %p55n, %buf55n, %p56n, %buf56n, %p57n, %buf57n, %p58n, %buf58n, %p59n, %buf59n, %p60n, %buf60n, %p61n, %buf61n, %p62n, %buf62n, %p63n, %buf63n, %p64n, %buf64n, %p65n, %buf65n, %p66n, %buf66n, %p67n, %buf67n, %p68n, %buf68n, %p69n, %buf69n, %p70n, %buf70n, %p71n, %buf71n, %p72n, %buf72n, %p73n, %buf73n, %p74n, %buf74n, %p75n, %buf75n, %p76n, %buf76n, %p77n, %buf77n, %p78n, %buf78n, %p79n, %buf79n, %p80n, %buf80n, %p81n, %buf81n, %p82n, %buf82n, %p83n, %buf83n, %p84n, %buf84n, %p85n, %buf85n, %p86n, %buf86n, %p87n, %buf87n, %p88n, %buf88n, %p89n, %buf89n, %p90n, %buf90n, %p91n, %buf91n, %p92n, %buf92n, %p93n, %buf93n, %p94n, %buf94n, %p95n, %buf95n, %p96n, %buf96n, %p97n, %buf97n, %p98n, %buf98n, %p99n, %buf99n, %p100n, %buf100n, %p101n, %buf101n, %p102n, %buf102n, %p103n, %buf103n, %p104n, %buf104n, %p105n, %buf105n, %p106n, %buf106n, %p107n, %buf107n, %p108n, %buf108n, %p109n, %buf109n, %p110n, %buf110n, %p111n, %buf111n, %p112n, %buf112n, %p113n, %buf113n, %p114n, %buf114n, %p115n, %buf115n, %p116n, %buf116n, %p117n, %buf117n, %p118n, %buf118n, %p119n, %buf119n, %p120n, %buf120n, %p121n, %buf121n, %p122n, %buf122n, %p123n, %buf123n, %p124n, %buf124n, %p125n, %buf125n, %p126n, %buf126n, %p127n, %buf127n, %p128n, %buf128n, %p129n, %buf129n, %p130n, %buf130n, %p131n, %buf131n, %p132n, %buf132n, %p133n, %buf133n, %p134n, %buf134n, %p135n, %buf135n, %p136n, %buf136n, %p137n, %buf137n, %p138n, %buf138n, %p139n, %buf139n, %p140n, %buf140n, %p141n, %buf141n, %p142n, %buf142n, %p143n, %buf143n, %p144n, %buf144n, %p145n, %buf145n, %p146n, %buf146n, %p147n, %buf147n, %p148n, %buf148n, %p149n, %buf149n, %p150n, %buf150n, %p151n, %buf151n, %p152n, %buf152n, %p153n, %buf153n, %p154n, %buf154n, %p155n, %buf155n, %p156n, %buf156n, %p157n, %buf157n, %p158n, %buf158n, %p159n, %buf159n, %p160n, %buf160n, %p161n, %buf161n, %p162n, %buf162n, %p163n, %buf163n, %p164n, %buf164n, %p165n, %buf165n, %p166n, %buf166n, %p167n, %buf167n, %p168n, %buf168n, %p169n, %buf169n, %p170n, %buf170n, %p171n, %buf171n, %p172n, %buf172n, %p173n, %buf173n, %p174n, %buf174n, %p175n, %buf175n, %p176n, %buf176n, %p177n, %buf177n, %p178n, %buf178n, %p179n, %buf179n, %p180n, %buf180n, %p181n, %buf181n, %p182n, %buf182n, %p183n, %buf183n, %p184n, %buf184n, %p185n, %buf185n, %p186n, %buf186n, %p187n, %buf187n, %p188n, %buf188n, %p189n, %buf189n, %p190n, %buf190n, %p191n, %buf191n, %p192n, %buf192n, %p193n, %buf193n, %p194n, %buf194n, %p195n, %buf195n, %p196n, %buf196n, %p197n, %buf197n, %p198n, %buf198n, %p199n, %buf199n
        : tensor<42169xf32>, tensor<42169xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<458xf32>, tensor<458xf32>, tensor<35091xf32>, tensor<35091xf32>, tensor<91xf32>, tensor<91xf32>, tensor<15xf32>, tensor<15xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<23901xf32>, tensor<23901xf32>, tensor<825xf32>, tensor<825xf32>, tensor<123x16xf32>, tensor<123x16xf32>, tensor<9939xf32>, tensor<9939xf32>, tensor<348x16xf32>, tensor<348x16xf32>, tensor<2x32xf32>, tensor<2x32xf32>, tensor<1538x128xf32>, tensor<1538x128xf32>, tensor<26xf32>, tensor<26xf32>, tensor<1603x16xf32>, tensor<1603x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<39928xf32>, tensor<39928xf32>, tensor<19943xf32>, tensor<19943xf32>, tensor<2246xf32>, tensor<2246xf32>, tensor<66xf32>, tensor<66xf32>, tensor<55x128xf32>, tensor<55x128xf32>, tensor<16xf32>, tensor<16xf32>, tensor<196x128xf32>, tensor<196x128xf32>, tensor<4x64xf32>, tensor<4x64xf32>, tensor<62081xf32>, tensor<62081xf32>, tensor<7x64xf32>, tensor<7x64xf32>, tensor<57x128xf32>, tensor<57x128xf32>, tensor<12xf32>, tensor<12xf32>, tensor<373x64xf32>, tensor<373x64xf32>, tensor<2x96xf32>, tensor<2x96xf32>, tensor<54xf32>, tensor<54xf32>, tensor<21xf32>, tensor<21xf32>, tensor<10xf32>, tensor<10xf32>, tensor<493x64xf32>, tensor<493x64xf32>, tensor<12x32xf32>, tensor<12x32xf32>, tensor<63412xf32>, tensor<63412xf32>, tensor<41139xf32>, tensor<41139xf32>, tensor<1184x96xf32>, tensor<1184x96xf32>, tensor<303x128xf32>, tensor<303x128xf32>, tensor<27886xf32>, tensor<27886xf32>, tensor<831x96xf32>, tensor<831x96xf32>, tensor<23x64xf32>, tensor<23x64xf32>, tensor<2xf32>, tensor<2xf32>, tensor<35x64xf32>, tensor<35x64xf32>, tensor<664x64xf32>, tensor<664x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1405x16xf32>, tensor<1405x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<6xf32>, tensor<6xf32>, tensor<51x128xf32>, tensor<51x128xf32>, tensor<2975xf32>, tensor<2975xf32>, tensor<124x16xf32>, tensor<124x16xf32>, tensor<3005xf32>, tensor<3005xf32>, tensor<22x64xf32>, tensor<22x64xf32>, tensor<288x128xf32>, tensor<288x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<11470x16xf32>, tensor<11470x16xf32>, tensor<421xf32>, tensor<421xf32>, tensor<2xf32>, tensor<2xf32>, tensor<41x128xf32>, tensor<41x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<26xf32>, tensor<26xf32>, tensor<16xf32>, tensor<16xf32>, tensor<109x32xf32>, tensor<109x32xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<12xf32>, tensor<12xf32>, tensor<92xf32>, tensor<92xf32>, tensor<39049xf32>, tensor<39049xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4832xf32>, tensor<4832xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5054xf32>, tensor<5054xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<111357xf32>, tensor<111357xf32>, tensor<1xf32>, tensor<1xf32>, tensor<5388xf32>, tensor<5388xf32>, tensor<61860xf32>, tensor<61860xf32>, tensor<55x64xf32>, tensor<55x64xf32>, tensor<6xf32>, tensor<6xf32>, tensor<379x16xf32>, tensor<379x16xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<116x128xf32>, tensor<116x128xf32>, tensor<37xf32>, tensor<37xf32>, tensor<92xf32>, tensor<92xf32>, tensor<2958xf32>, tensor<2958xf32>, tensor<86x96xf32>, tensor<86x96xf32>, tensor<270x128xf32>, tensor<270x128xf32>, tensor<11xf32>, tensor<11xf32>, tensor<1x96xf32>, tensor<1x96xf32>, tensor<118xf32>, tensor<118xf32>, tensor<13x96xf32>, tensor<13x96xf32>, tensor<3717x16xf32>, tensor<3717x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<72x96xf32>, tensor<72x96xf32>, tensor<94068xf32>, tensor<94068xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<60xf32>, tensor<60xf32>, tensor<403x96xf32>, tensor<403x96xf32>, tensor<10xf32>, tensor<10xf32>, tensor<297814xf32>, tensor<297814xf32>, tensor<2xf32>, tensor<2xf32>, tensor<9417xf32>, tensor<9417xf32>, tensor<158xf32>, tensor<158xf32>, tensor<53xf32>, tensor<53xf32>, tensor<14xf32>, tensor<14xf32>, tensor<66x128xf32>, tensor<66x128xf32>, tensor<17x128xf32>, tensor<17x128xf32>, tensor<3598xf32>, tensor<3598xf32>, tensor<34xf32>, tensor<34xf32>, tensor<2383x96xf32>, tensor<2383x96xf32>, tensor<28x96xf32>, tensor<28x96xf32>, tensor<375x64xf32>, tensor<375x64xf32>, tensor<5xf32>, tensor<5xf32>, tensor<712xf32>, tensor<712xf32>, tensor<79xf32>, tensor<79xf32>, tensor<33xf32>, tensor<33xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<83x64xf32>, tensor<83x64xf32>, tensor<138020xf32>, tensor<138020xf32>, tensor<1xf32>, tensor<1xf32>, tensor<12679xf32>, tensor<12679xf32>, tensor<3885xf32>, tensor<3885xf32>, tensor<87953xf32>, tensor<87953xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<6xf32>, tensor<6xf32>, tensor<67xf32>, tensor<67xf32>, tensor<67x128xf32>, tensor<67x128xf32>, tensor<1xf32>, tensor<1xf32>, tensor<29xf32>, tensor<29xf32>, tensor<6xf32>, tensor<6xf32>, tensor<12x128xf32>, tensor<12x128xf32>, tensor<5xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<10026xf32>, tensor<10026xf32>, tensor<48xf32>, tensor<48xf32>, tensor<49441xf32>, tensor<49441xf32>, tensor<45xf32>, tensor<45xf32>, tensor<2356x16xf32>, tensor<2356x16xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1481x64xf32>, tensor<1481x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<10575xf32>, tensor<10575xf32>, tensor<108955xf32>, tensor<108955xf32>, tensor<114xf32>, tensor<114xf32>, tensor<197x16xf32>, tensor<197x16xf32>, tensor<12xf32>, tensor<12xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1x128xf32>, tensor<1x128xf32>, tensor<7x96xf32>, tensor<7x96xf32>, tensor<20775xf32>, tensor<20775xf32>, tensor<15xf32>, tensor<15xf32>, tensor<2xf32>, tensor<2xf32>, tensor<16xf32>, tensor<16xf32>, tensor<9269x32xf32>, tensor<9269x32xf32>, tensor<14x16xf32>, tensor<14x16xf32>, tensor<31775xf32>, tensor<31775xf32>, tensor<1xf32>, tensor<1xf32>, tensor<758xf32>, tensor<758xf32>, tensor<12xf32>, tensor<12xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<289009xf32>, tensor<289009xf32>, tensor<27x96xf32>, tensor<27x96xf32>, tensor<3x32xf32>, tensor<3x32xf32>, tensor<3xf32>, tensor<3xf32>, tensor<14x128xf32>, tensor<14x128xf32>, tensor<167xf32>, tensor<167xf32>, tensor<1001x64xf32>, tensor<1001x64xf32>, tensor<36759xf32>, tensor<36759xf32>, tensor<3008xf32>, tensor<3008xf32>, tensor<939xf32>, tensor<939xf32>, tensor<1xf32>, tensor<1xf32>, tensor<7321xf32>, tensor<7321xf32>, tensor<55xf32>, tensor<55xf32>, tensor<57xf32>, tensor<57xf32>, tensor<751xf32>, tensor<751xf32>, tensor<20x96xf32>, tensor<20x96xf32>, tensor<1559xf32>, tensor<1559xf32>, tensor<1645x16xf32>, tensor<1645x16xf32>, tensor<674xf32>, tensor<674xf32>, tensor<2xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<44xf32>, tensor<44xf32>, tensor<448x32xf32>, tensor<448x32xf32>, tensor<24279xf32>, tensor<24279xf32>, tensor<3x96xf32>, tensor<3x96xf32>, tensor<673x128xf32>, tensor<673x128xf32>, tensor<3xf32>, tensor<3xf32>, tensor<174x128xf32>, tensor<174x128xf32>
}
