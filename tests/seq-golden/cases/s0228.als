sig E {}
sig F, G extends E {}
lone sig H { items: seq E, s: seq E }
fact { all h2: H | (one i3: seq/inds[h2.items] | seq/isEmpty[h2.items.delete[i3]]) }
pred show { some s1: seq E | s1 = seq/append[s1, s1] }
run show for 5 int, 1 seq
