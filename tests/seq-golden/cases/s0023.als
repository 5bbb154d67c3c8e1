open util/ordering[E]
sig E {}
lone sig H { items: seq E, cur: lone E }
fact { all h2: H | ((some h3: H | isEmpty[h3.items])) or (! (#h2.items >= 2)) }
run { some s1: seq E | (s1.add[last.prev]).elems in seq/elems[s1] } for 5 but 2 seq, 3 E
