sig E {}
one sig H { items: seq E }
run { some h1: H | some e2: E | (one i3: h1.items.inds | (lone e4: E | #h1.items.rest <= #(seq/indsOf[h1.items, e2]))) } for 1 seq, 4 int
