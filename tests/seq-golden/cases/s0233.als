sig E {}
some sig H { items: seq E, cur: lone E } { (let l4 = items | not seq/isSeq[l4]) }
fact { all h2: H | plus[#(h2.items), 3] >= -1 }
fact { all h3: H | (0 != -1) iff (#h3.items < #H.items) }
run { some h1: H | #append[h1.items, h1.items] = #h1.items } for 2 but 3 E
