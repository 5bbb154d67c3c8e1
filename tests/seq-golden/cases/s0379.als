sig E {}
sig F, G extends E {}
sig H { items: seq E, n: seq Int }
fact { all h3: H | ! ((#(h3.items) <= int[h3.n.last]) && (#(h3.items.indsOf[h3.items.first]) != #(h3.n))) }
fact { all h4: H | (3 in inds[h4.items]) => (seq/inds[h4.items] in 0 + 1) }
check { all s1, s2: seq E | #(add[s2, s2.last]) <= #(seq/add[s2, G]) } for 1 but 4 int, 3 seq, 3 E, 2 H
