sig E {}
lone sig H { disj items, s: seq E }
check { all s1: seq E | first[s1.rest] = s1[1] } for 3 but 3 int, 3 seq, exactly 2 E
