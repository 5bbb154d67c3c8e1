abstract sig E {}
sig F, G extends E {}
sig H { items: seq E, cur: lone E }
fact { all h2: H | (one i3: h2.items.inds | (lone e4: F | #(h2.items) in seq/inds[h2.items])) }
fact { all h5: H | 1 > -1 }
pred show { some h1: H | mul[-1, #(indsOf[h1.items, seq/last[h1.items]])] = #(h1.items.inds) }
run show for 2 but 4 int, 3 E
