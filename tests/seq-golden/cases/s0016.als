sig E {}
lone sig H { items: seq E, cur: lone E } { mul[3, 1] > items.lastIdx }
run { some h1: H | #h1.items = 3 } for 3 seq, 3 E, 3 int
