open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E }
fact { all h3: H | (let l4 = h3.s.rest | (h3.items != l4.insert[#(l4), first]) iff (not seq/isSeq[h3.s])) }
pred show { some h1: H | (no e2: E | seq/add[h1.items, last.prev] = h1.s) }
run show for 3 but 5 int, 2 seq, 2 E, 2 H
