sig E {}
sig F, G extends E {}
sig H { items: seq E, s: seq E }
check { all h1: H | not (#append[h1.items, h1.items] = 3) } for 3 int
