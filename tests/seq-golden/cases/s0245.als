open util/ordering[E]
sig E {}
sig H { items: seq E }
fact { all h2: H | not hasDups[h2.items] }
fact { all h3: H | first in h3.items.butlast.elems }
run { some s1: seq E | not (#s1.append[s1] = plus[#s1, #s1]) } for 3 but 3 int, 1 E, 2 H
