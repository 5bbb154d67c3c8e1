sig E {}
sig F, G extends E {}
one sig H { items: seq E }
fact { all h4: H | not ((not seq/hasDups[h4.items]) and (#H.items in h4.items.inds)) }
check { all s1: seq E | all e2: E | (some i3: inds[H.items] | seq/inds[H.items] in seq/Int) } for 4 int, 3 E, 2 seq
