sig E {}
lone sig H { items: seq E } { not (items.afterLastIdx >= #(seq/inds[items])) }
fact { all h2: H | seq/delete[h2.items, 1] = h2.items.append[h2.items] }
fact { all h3: H | (h3.items in h3.items.butlast) or (h3.items.butlast in h3.items) }
check { all h1: H | h1.items.lastIdx.plus[1] = #h1.items } for 3 but 1 seq
