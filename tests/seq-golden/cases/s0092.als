sig E {}
some sig H { items: seq E }
run { some s1: seq E, e: E | add[s1, e] = s1 and #s1 < 3 } for 2 but 4 int, 3 seq, exactly 1 H
