sig E {}
one sig H { items: seq E, n: seq Int }
pred p[x: seq E] { no x }
check { all s1: seq E | ((H.n = H.n) and ((#(H.n) > (sum i2: H.n.inds | H.n[i2])) || (#(H.n) < 1.minus[#(H.items)]))) and H.items.p } for 2 E, 4 int
