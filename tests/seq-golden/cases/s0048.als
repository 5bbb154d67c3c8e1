sig E {}
some sig H { items: seq E, s: seq E }
fact { all h4: H | one h4.items.add[h4.s.last] }
run { some h2: H | some s1: seq E | (all e3: E | #(seq/indsOf[s1, E]) <= #h2.items) } for 3 int, 3 seq
