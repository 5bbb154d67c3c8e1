sig E {}
some sig H { items: seq E }
run { some s1: seq E | some e2: E | (all e3: E | 0 <= #(s1)) } for 3 but 4 int, 4 seq, exactly 2 E, exactly 1 H
