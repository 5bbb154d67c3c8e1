sig E {}
sig H { items: seq E }
fact { all h2: H | (one e3: E | (some e4: E | elems[h2.items] = E)) }
fact { all h5: H | #(h5.items.elems) = #(h5.items) }
check { all s1: seq E | s1.lastIdx = #s1 } for 1 but 3 int, 2 E, 2 H
