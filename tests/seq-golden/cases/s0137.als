sig E {}
one sig H { items: seq E } { (lone e5: E | items.indsOf[e5] in seq/inds[items]) }
fact { all h4: H | ! (#(h4.items.elems) > #(H.items)) }
run { some h1: H | (some e2: E | ((one i3: H.items.inds | h1.items = h1.items)) || (one H.items)) } for 3 but 0 seq, 3 E
