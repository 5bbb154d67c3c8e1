open util/ordering[E]
sig E {}
lone sig H { items: seq E }
check { all s1, s2: seq E | (seq/elems[s1] = elems[s2] and #s1 = #s2) implies s1 = s2 } for 4 but 3 seq, 3 E
