abstract sig E {}
sig F extends E {}
sig H { items: seq E, cur: lone E }
run { (sum h: H | #h.items) = #items } for 2 but 3 int, 3 seq, 3 E
