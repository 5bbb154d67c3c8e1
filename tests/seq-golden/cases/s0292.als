abstract sig E {}
sig F, G extends E {}
one sig H { items: seq E, n: seq Int }
pred p[x: seq E] { (seq/insert[x, 0, x.last]).setAt[H.n[#x], H.items.last] != (seq/insert[H.items, #(H.n), seq/first[x]]).subseq[H.n[3], (sum i3: H.n.inds | H.n[i3])] }
fact { all h2: H | (insert[h2.items, #(H.items), G]).p }
check { all s1: seq E | seq/idxOf[s1, s1.first] = 0 } for 3 but 5 int, 3 seq
