sig E {}
sig F extends E {}
sig H { items: seq E }
run { some s1: seq E | #seq/Int = 1 } for 3 E, 2 H, 5 int, 0 seq
