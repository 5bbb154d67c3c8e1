sig E {}
one sig H { items: seq E } { (some i2: seq/inds[items] | (some e3: E | mul[i2, 2] != 2)) }
pred p[x: seq E] { ((not hasDups[H.items.setAt[1, E]]) && (3 < #H.items)) implies ((some i4: x.inds | H.items in Int -> lone E)) }
fact { #(H.items) = #(seq/delete[H.items, #(H.items)]) }
assert claim { ((no e1: E | (H.items in H.items) iff (H.items.last in (add[H.items, E]).first))) or p[H.items.butlast] }
check claim for 2 E
