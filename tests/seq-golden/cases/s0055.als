sig E {}
one sig H { items: seq E }
pred p[x: seq E, y: E] { (some i3: Int | (one i4: seq/inds[x] | H.items.first = y)) }
fact { all h2: H | (#(H.items) >= 0) iff (p[h2.items, h2.items.last]) }
check { all e1: E | (one delete[H.items, #H.items]) implies H.items.p[e1] } for 3 but 4 int
