sig E {}
sig F, G extends E {}
some sig H { disj items, s: seq E }
pred p[x: seq E] { (lone e6: E | not (E in seq/elems[x])) }
fun f[x: seq E, y: E]: seq E { subseq[x.subseq[#(x), #x], 0, x.afterLastIdx] }
fact { all h4: H | (no h5: H | h5.s in seq/Int -> G) }
pred show { all h1: H | some e2: E | ((all i3: seq/inds[add[h1.items, e2]] | f[seq/insert[h1.items, i3, e2], i3.(h1.s)] in h1.items)) or h1.s.p }
run show for 3 E, 2 H, 2 seq, 5 int
