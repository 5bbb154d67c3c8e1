sig E {}
some sig H { items: seq E }
fact { all h4: H | h4.items.rest.hasDups }
fact { all h5: H | h5.items.lastIdx < #(h5.items.indsOf[h5.items.last]) }
run { all h1: H | (let l2 = h1.items.add[(#(h1.items)).(h1.items)] | (not (!seq/hasDups[h1.items])) iff ((lone e3: E | l2.afterLastIdx >= #h1.items))) } for 2 but 5 int, 3 seq, exactly 3 E
