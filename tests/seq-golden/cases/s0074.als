sig E {}
some sig H { items: seq E }
fact { all h2: H | (one e3: E | h2.items = h2.items) }
check { all h1: H, e: E | last[h1.items.add[e]] = e } for 3 but 4 int, 5 seq, 1 E, 1 H
