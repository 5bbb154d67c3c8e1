sig E {}
sig H { items: seq E, s: seq E } { s.lastIdxOf[seq/first[s]] > 1 }
assert claim { all h1: H | (h1.s.inds in 0) implies ((#(h1.s) != 0) && (mul[#(h1.items), #h1.items] <= 0.plus[0])) }
check claim for 4 int, 2 H, 2 seq, 2 E
