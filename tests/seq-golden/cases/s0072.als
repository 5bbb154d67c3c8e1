sig E {}
sig H { items: seq E }
pred show { some disj s1, s2: seq E | some e3: E | (no e4: E | (one e5: E | (!(add[s2, E]).isEmpty) iff (s1 :> E = s1))) }
run show for 3 H, 3 int, exactly 2 E, 3 seq
