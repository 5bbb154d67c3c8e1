sig E {}
one sig H { items: seq E }
run { some s1: seq E, e: E | s1.add[e] = s1 and #s1 < 3 } for 3 but 3 int, 2 E
