sig E {}
one sig H { items: seq E, s: seq E }
run { some s1: seq E, e: E | not (#insert[s1, 0, e] = plus[#s1, 1]) } for 3 but 3 int, exactly 2 E
