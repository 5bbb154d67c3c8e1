sig E {}
one sig H { items: seq E }
fact { all h4: H | not (H.items.elems in E) }
run { some h1: H | some e2: E | ((some H.items) and (! (H.items.isEmpty))) && ((one i3: Int | (minus[i3, i3] >= h1.items.lastIdx) or (not hasDups[h1.items]))) } for 1 E, 4 int, 2 seq
