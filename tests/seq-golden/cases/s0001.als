sig E {}
sig H { items: seq E }
fact { all h7: H | ! (h7.items.afterLastIdx < #(h7.items.indsOf[h7.items.first])) }
fact { all h8: H | (all i9: H.items.inds | h8.items in Int -> lone E) }
assert claim { all h1: H | ((some e2: E | not ((lone e3: E | seq/elems[H.items] in E)))) and ((all e4: E | ((some h5: H | indsOf[H.items, e4] = inds[H.items])) implies ((some h6: H | lone h1.items)))) }
check claim for 3 but 3 seq, 2 E, exactly 2 H
