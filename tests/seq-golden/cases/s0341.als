open util/ordering[E]
sig E {}
some sig H { items: seq E, s: seq E }
check { all s1: seq E, e: E | (s1.add[e]).last = e } for 1 but 3 seq, 3 E, 3 H
