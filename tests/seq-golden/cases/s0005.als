sig E {}
sig H { items: seq E, n: seq Int }
pred show { some h1: H | (some e2: E | ((all e3: E | elems[h1.n] in 0 + 1)) => ((one h4: H | h1.n.indsOf[0] in seq/inds[h4.n]))) }
run show for 2 seq, 2 H, 2 E
