sig E {}
one sig H { disj items, s: seq E } { (one i3: s.inds | p[items]) }
pred p[x: seq E] { (H.s.append[H.items]).elems in E }
fact { all h2: H | p[h2.items] }
check { all h1: H | all e: E | #h1.items.insert[#h1.items, e] = plus[#h1.items, 1] } for 3 int, 3 seq
