sig E {}
some sig H { items: seq E, s: seq E }
fact { all h4: H | (all i5: h4.items.inds | i5.plus[#h4.s] < #h4.items) }
fact { all h6: H | ! ((all h7: H | isEmpty[seq/setAt[h6.s, 2, h6.items.first]])) }
check { all h1: H | all e2: E | (let l3 = h1.s | one h1.s) } for 1 but 4 int, 3 seq
