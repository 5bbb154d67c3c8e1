open util/ordering[E]
sig E {}
one sig H { items: seq E, n: seq Int }
pred p[x: seq E, y: E] { (some i4: inds[H.items] | (let l5 = H.n | H.items.hasDups)) }
fact { all h1: H | #(H.n.indsOf[0]) < (sum i2: h1.n.inds | h1.n[i2]) }
fact { some h3: H | p[h3.items, 3.(H.items)] }
check { all e: E | not (H.items.add[e] = H.items and #H.items < 3) } for 2 but 3 int, 3 seq
