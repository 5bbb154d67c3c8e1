sig E {}
sig H { items: seq E, s: seq E }
pred show { some h1: H | some e2: E | (let l3 = seq/subseq[h1.items, 4, plus[#h1.items, #h1.items]] | (l3.afterLastIdx != #(h1.s)) implies (h1.items in seq/insert[h1.s, 4, e2])) }
run show for 1 but 4 int, 4 seq, 2 E, 2 H
