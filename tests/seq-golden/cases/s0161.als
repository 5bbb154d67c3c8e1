sig E {}
some sig H { items: seq E }
fact { all h3: H | (#(h3.items) <= 4) implies (no h3.items) }
run { some h1: H | (no e2: E | (h1.items :> E = h1.items) implies (h1.items in seq/Int -> E)) } for 1 but 5 int, 5 seq, 3 E
