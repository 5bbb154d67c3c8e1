sig E {}
sig H { items: seq E, s: seq E }
run { some s1, s2: seq E | (one e3: E | one s2.append[s2]) } for 3 int, 1 seq
