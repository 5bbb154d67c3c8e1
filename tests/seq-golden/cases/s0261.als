sig E {}
sig F extends E {}
sig H { items: seq E, n: seq Int }
pred p[x: seq E, y: E] { (no i4: inds[x] | (no e5: F | 1 = i4)) }
check { all h1: H | ((let l2 = seq/insert[h1.items, #h1.items, F] | (some e3: E | e3 in l2[#h1.items]))) implies p[seq/setAt[h1.items, 4, F], 0.(h1.items)] } for exactly 2 E, 2 H, 3 seq
