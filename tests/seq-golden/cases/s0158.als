sig E {}
one sig H { items: seq E }
fact { all h2: H | H.items[#h2.items] in elems[H.items] }
check { all s1: seq E | not (#s1 = 3 and not s1.hasDups) } for 3 int, 3 seq
