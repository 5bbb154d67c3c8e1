sig E {}
one sig H { items: seq E }
check { all h1: H | (! (seq/inds[H.items] in seq/Int)) || (3 = #(seq/elems[h1.items])) } for 3 int
