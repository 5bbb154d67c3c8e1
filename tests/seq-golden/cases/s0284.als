sig E {}
sig F, G extends E {}
some sig H { items: seq E }
fact { all h6: H | not (#h6.items =< #(h6.items.indsOf[h6.items.last])) }
fact { all h7: H | ((one i8: Int | h7.items.setAt[i8, seq/last[h7.items]] = h7.items)) => (#(h7.items) =< #(elems[h7.items])) }
run { some s1: seq E | some e2: E | (some e3: F | (all e4: F | (no i5: s1.inds | one s1))) } for 2 H, 4 int, 5 seq, 3 E
