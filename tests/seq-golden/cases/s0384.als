sig E {}
sig H { items: seq E }
pred show { some disj s1, s2: seq E | some e3: E | (s1.insert[s2.lastIdx, e3]).E = (s1.insert[s2.lastIdx, e3]).inds }
run show for 1 seq, 2 H, exactly 2 E
