sig E {}
one sig H { items: seq E }
check { #H.items > #seq/elems[H.items] implies hasDups[H.items] } for exactly 2 E, 5 int
