open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E }
fact { all h2: H | first in h2.items.first }
pred show { some h1: H | seq/elems[h1.s.subseq[0, #(h1.s)]] = last.prevs }
run show for 3 int, 3 seq, 1 E, 2 H
