sig E {}
sig H { items: seq E, s: seq E }
check { all h1: H | not (plus[#h1.items, #h1.s] < 0) } for 1 seq, 4 int
