sig E {}
sig F extends E {}
one sig H { items: seq E, s: seq E }
pred show { some h1: H | #(inds[seq/subseq[H.s, #(seq/indsOf[h1.items, first[h1.s]]), 3]]) =< #(seq/indsOf[H.items, (seq/rest[h1.items]).first]) }
run show for 2 but 3 int, 3 seq, exactly 2 E
