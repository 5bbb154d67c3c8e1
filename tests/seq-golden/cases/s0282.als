sig E {}
sig H { items: seq E }
check { all h1: H | #h1.items <= 2 } for 2 but 4 int, 2 seq, 2 H
