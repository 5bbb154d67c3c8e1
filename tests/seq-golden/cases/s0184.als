sig E {}
one sig H { disj items, s: seq E }
run { (all e1: E | (let l2 = H.s.append[H.items] | (H.items = H.s) iff (some l2))) } for 3 but 5 seq
