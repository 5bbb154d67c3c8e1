sig E {}
sig H { items: seq E, n: seq Int }
fact { all h2: H | ! ((all e3: E | plus[#h2.n, 3] = #(elems[h2.items]))) }
assert claim { all h1: H | some h1.items implies h1.items.subseq[0, 0] = h1.items }
check claim for 5 int, 2 E, 2 H
