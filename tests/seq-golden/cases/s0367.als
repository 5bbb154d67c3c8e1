sig E {}
sig F extends E {}
one sig H { items: seq E }
fact { all h2: H | (some i3: Int | h2.items in Int -> lone F) }
check { all s1: seq E | not (#s1 = 3 and not s1.hasDups) } for 1 E, 3 seq
