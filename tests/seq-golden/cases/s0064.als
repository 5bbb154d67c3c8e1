sig E {}
some sig H { items: seq E, s: seq E }
fact { all h3: H | (h3.s.append[h3.items].hasDups) or (h3.s = subseq[h3.s, 2, #h3.s]) }
check { all s1, s2: seq E | (seq/elems[s1] = seq/elems[s2] and #s1 = #s2) implies s1 = s2 } for 2 E, 3 H
