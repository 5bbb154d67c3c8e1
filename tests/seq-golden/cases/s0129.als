sig E {}
one sig H { items: seq E }
check { all h1: H | not (h1.items in seq/Int -> E) } for 3 E, 5 int, 3 seq
