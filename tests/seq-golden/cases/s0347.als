sig E {}
sig H { items: seq E }
run { some s1: seq E | #seq/Int = 5 } for 3 but 4 seq, 1 E, exactly 2 H
