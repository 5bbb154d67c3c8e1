sig E {}
sig F, G extends E {}
lone sig H { items: seq E }
pred p[x: seq E] { (all h4: H | 0 <= #x) }
fact { all h3: H | seq/inds[h3.items] = seq/Int }
check { some h1: H | all e2: E | (seq/indsOf[h1.items.add[e2], h1.items.first] in seq/inds[seq/subseq[h1.items, #h1.items, 0]]) implies p[h1.items.add[E]] } for 1 seq, 3 int
