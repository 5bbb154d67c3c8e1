sig E {}
one sig H { items: seq E, n: seq Int } { (lone e1: E | e1 in last[items]) }
check { first[rest[H.items]] = H.items[1] } for 3 E, 0 seq, 4 int
