sig E {}
lone sig H { items: seq E, s: seq E, cur: lone E } { #(s.indsOf[s.last]) <= #s }
run { some s1: seq E | some e: E | not (#s1.insert[s1.lastIdx, e] = plus[#s1, 1]) } for 3 but 3 int, exactly 3 E
