sig E {}
sig H { items: seq E, s: seq E } { !isEmpty[s] }
fact { all h3: H | ((h3.items.insert[#(h3.s), seq/first[h3.items]]).isEmpty) && (isEmpty[h3.items.delete[2]]) }
fact { all h4: H | h4.items in h4.items }
run { some s1, s2: seq E | s1.insert[3, s2[#(s2)]] != (s1.subseq[lastIdx[s1.append[s2]], 2]).subseq[(seq/insert[s2, 1, s1.first]).lastIdxOf[(delete[s2, #(s1)]).first], #s1] } for 3 but 3 int, 3 seq
