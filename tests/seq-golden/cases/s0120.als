abstract sig E {}
sig F, G extends E {}
one sig H { items: seq E, t: seq F, cur: lone E }
pred p[x: seq E] { ((lone H.items) implies (H.items.first = seq/last[x])) implies (not (!isEmpty[seq/butlast[x]])) }
fact { all h8: H | ! (H.t.elems in seq/elems[H.t]) }
run { some h2: H | some s1: seq Int | ((lone e3: E | (some e4: G | ((let l5 = H.t | 5 > (sum i6: s1.inds | s1[i6]))) && ((lone e7: E | last[s1] in s1.first))))) or (seq/insert[H.items, 1, H.cur]).p } for 4 but 5 int, exactly 2 E
