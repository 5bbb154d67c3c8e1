sig E {}
one sig H { items: seq E } { (no e1: E | 0 =< #(elems[items])) }
fact { (hasDups[H.items.append[H.items]]) or (elems[H.items] in E) }
check { (seq/delete[H.items, 0]).inds = 0 + 1 } for 3 E, 1 seq
