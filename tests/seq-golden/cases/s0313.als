sig E {}
one sig H { items: seq E }
check { all h1: H | not (#h1.items = 3 and not hasDups[h1.items]) } for 3 int, 2 E
