sig E {}
sig F, G extends E {}
one sig H { items: seq E, n: seq Int }
fact { (no i3: H.n.inds | i3 <= #(inds[H.items])) }
run { some h1: H | ((let l2 = h1.items | H.items.append[l2] = h1.items.append[H.items])) and ((seq/isSeq[h1.items]) or (lone H.n)) } for 2 seq, 4 int
