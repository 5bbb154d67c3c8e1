sig E {}
one sig H { items: seq E, s: seq E }
pred show { some s1: seq E | H.items = (((H.s.delete[#(s1)]).butlast).butlast).subseq[idxOf[seq/setAt[add[s1, last[H.items]], H.s.lastIdx, s1[#H.s]], (seq/idxOf[H.s, s1.last]).(H.items.subseq[#H.s, #s1])], H.items.idxOf[E]] }
run show for 2 E, 3 seq
