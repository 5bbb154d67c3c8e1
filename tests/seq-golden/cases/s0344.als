sig E {}
some sig H { items: seq E, s: seq E }
assert claim { all s1: seq E | (#s1).mul[2] >= #s1 }
check claim for 1 but 3 int, 3 seq, 2 E
