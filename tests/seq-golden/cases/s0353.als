sig E {}
one sig H { items: seq E, n: seq Int }
fact { ((3 > #H.items) && (H.items = append[H.items, H.items])) or ((all e2: E | int[first[H.n]] =< H.n[0])) }
check { all s1: seq E, e: E, i: Int | i in s1.inds implies (s1.setAt[i, e])[i] = e } for 3 but 4 seq, 1 E
