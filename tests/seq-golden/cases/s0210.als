open util/ordering[E]
sig E {}
one sig H { items: seq E }
fact { (all e1: E | H.items.butlast in H.items) }
fact { all h2: H | #(inds[h2.items]) <= #(H.items.inds) }
check { #(seq/add[H.items, H.items[#H.items]]) =< 2 } for 1 seq, 4 int
