open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E }
pred p[x: seq E] { (some h4: H | ! (seq/afterLastIdx[x] =< 2.plus[3])) }
run { some s1, s2: seq E | (not (not ((let l3 = subseq[s1, -1, 2] | (#s2 >= #(s1)) => (lastIdx[s1] >= lastIdxOf[l3, last]))))) implies p[s1] } for 2 but 3 int, 3 seq, 1 E, 3 H
