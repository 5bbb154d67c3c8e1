sig E {}
sig H { disj items, s: seq E }
fun f[x: seq E, y: E]: set E { (append[x, H.items]).elems }
fact { all h3: H | (no e4: E | (H.items.f[e4] in H.items.elems) && (#(H.items) in seq/inds[h3.items])) }
run { all h1: H | (! ((mul[#(h1.s), #h1.s] = 4) or ((some h2: H | h1.s.insert[0, E] = seq/insert[H.items, 2, h1.items.first])))) or (append[H.items, h1.s]).f[h1.s[2]] != elems[H.items] } for 3 but 4 int, 2 E, 2 H
