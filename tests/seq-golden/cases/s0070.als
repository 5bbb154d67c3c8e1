abstract sig E {}
sig F, G extends E {}
one sig H { items: seq E, n: seq Int }
fact { all h6: H | one h6.items }
check { all s1: seq E | all e2: E | (some e3: G | (lone e4: G | (all i5: H.items.inds | i5 != #(H.n.indsOf[1])))) } for 2 seq, 4 int
