sig E {}
one sig H { items: seq E }
pred show { some s1: seq E | (let l2 = (setAt[s1.subseq[#H.items, 1], #(H.items.indsOf[E]), H.items[0]]).insert[#(s1.elems), (insert[s1, #(H.items), s1.first])[2]] | minus[lastIdx[l2], (seq/append[H.items, H.items]).lastIdxOf[s1.last]] < plus[plus[#H.items, lastIdx[s1]], 1]) }
run show for 1 but 3 int
