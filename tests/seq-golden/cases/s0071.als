sig E {}
one sig H { items: seq E } { items = items }
pred p[x: seq E] { (one i4: inds[x] | (seq/Int <: x = x) or (H.items.lastIdx <= i4)) }
fact { (no i2: Int | (not H.items.rest.hasDups) implies (no H.items)) }
fact { all h3: H | H.items != insert[append[H.items, H.items], seq/lastIdx[H.items], H.items.last] }
run { some s1: seq E | (H.items.E = seq/inds[H.items]) implies p[H.items.delete[#s1]] } for 3 but 5 int, 2 E
