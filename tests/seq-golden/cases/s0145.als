sig E {}
one sig H { disj items, s: seq E, cur: lone E }
fact { (not (indsOf[H.s, first[H.items]] = seq/inds[H.s])) and ((lone e1: E | H.items.inds in seq/Int)) }
check { all e: E | #H.items.insert[0, e] = plus[#H.items, 1] } for 3 but 3 int, 3 E
