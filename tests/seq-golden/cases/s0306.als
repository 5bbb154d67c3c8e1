sig E {}
sig F, G extends E {}
some sig H { items: seq E, s: seq E }
check { all h1: H, e: E | e in h1.items.add[e].elems } for 3 but 2 seq, 2 E, 2 H
