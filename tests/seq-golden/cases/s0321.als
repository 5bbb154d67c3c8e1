sig E {}
sig H { disj items, s: seq E }
fact { all h2: H | (no h3: H | plus[#h3.items, #(h3.items)] >= h2.items.lastIdx) }
run { some s1: seq E | #s1 = 2 and not hasDups[s1] } for 3 but 3 int, 1 seq, 2 E
