sig E {}
sig H { disj items, s: seq E }
fact { all h3: H | h3.items.lastIdxOf[h3.s.last] =< lastIdx[h3.items] }
pred show { all h1: H | (one h2: H | h1.items :> E = h1.items) }
run show for 2 but 3 int, 3 seq, 3 E
