sig E {}
sig F extends E {}
lone sig H { items: seq E }
fact { all h5: H | (some e6: E | !(h5.items.insert[2, e6]).hasDups) }
fact { all h7: H | (#h7.items =< 0.minus[-1]) iff (one h7.items) }
run { some s1: seq E | some e2: E | (all e3: E | (let l4 = s1 | seq/idxOf[s1, e2] <= lastIdx[l4])) } for 1 seq, 4 int
