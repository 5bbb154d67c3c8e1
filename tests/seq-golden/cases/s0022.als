sig E {}
lone sig H { items: seq E }
fact { all h2: H | (no i3: Int | (some e4: E | i3 =< i3)) }
check { all h1: H | not (h1.items.inds = seq/Int) } for 3 but 3 E
