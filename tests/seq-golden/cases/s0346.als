sig E {}
lone sig H { items: seq E }
fact { all h2: H | (no i3: inds[h2.items] | i3.plus[i3] =< i3) }
check { all s1: seq E, e: E | last[add[s1, e]] = e } for 5 but 5 int, 2 seq, exactly 2 E
