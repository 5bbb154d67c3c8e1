sig E {}
some sig H { items: seq E }
fact { all h2: H | (let l3 = h2.items | add[h2.items, l3.last] = append[l3, h2.items]) }
fact { all h4: H | (no i5: seq/inds[h4.items] | subseq[h4.items, #h4.items, i5] = h4.items) }
run { some h1: H | #h1.items = 4 and not seq/hasDups[h1.items] } for 3 but 5 seq, 2 E
