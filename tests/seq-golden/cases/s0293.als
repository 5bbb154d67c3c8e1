sig E {}
lone sig H { items: seq E, s: seq E, cur: lone E }
pred show { some h2: H | some s1: seq E | ((one h3: H | seq/lastIdx[h2.items] =< #s1)) => (hasDups[insert[h2.s, idxOf[s1, h2.s.first], last[s1]]]) }
run show for 2 but 5 int, 0 seq, 1 E
