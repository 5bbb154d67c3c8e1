sig E {}
sig H { items: seq E }
pred p[x: seq E] { (no i2: x.inds | (some e3: E | x.f[e3] =< 0)) }
fun f[x: seq E, y: E]: Int { minus[minus[1, #x], #x] }
run { some h1: H | ((! (#(seq/indsOf[h1.items, last[h1.items]]) = #(h1.items.insert[#(h1.items), h1.items.last]))) and p[h1.items.append[h1.items]]) and (h1.items.subseq[#h1.items, #h1.items]).f[h1.items.last] <= #(h1.items) } for 4 but 4 int, 2 seq, 1 E, 2 H
