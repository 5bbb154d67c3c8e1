sig E {}
sig H { items: seq E } { (items.add[seq/first[items]]).p[(#items).items] }
pred p[x: seq E, y: E] { (one x) iff ((y in H.items.elems) iff (lastIdxOf[H.items, y] <= minus[#x, #x])) }
fact { all h3: H | minus[-1, 3] in H.items.inds }
fact { all h4: H | not (h4.items.isSeq) }
assert claim { some h1: H | all e2: E | ((seq/lastIdx[seq/insert[h1.items, 2, e2]]).minus[#((butlast[H.items]).indsOf[e2])] =< lastIdx[seq/subseq[H.items.delete[2], seq/lastIdxOf[h1.items, e2], #(h1.items)]]) or h1.items.p[e2] }
check claim for 2 but 1 E
