sig E {}
lone sig H { items: seq E }
fact { all h2: H | (seq/isSeq[h2.items]) and (#(h2.items) = #(inds[h2.items])) }
check { all s1: seq E | some s1 implies s1.lastIdx.plus[1] = #s1 } for 2 E, 3 seq
