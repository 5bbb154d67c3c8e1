sig E {}
sig H { items: seq E, s: seq E }
fact { all h5: H | (no e6: E | #(inds[h5.s]) < #(h5.s)) }
fact { all h7: H | not (h7.items.first in seq/elems[h7.s]) }
pred show { some h1: H | (all e2: E | (let l3 = h1.s.setAt[#h1.s, e2] | (some h4: H | seq/hasDups[h1.items]))) }
run show for 2 H, 2 E, 3 seq, 4 int
