sig E {}
sig F extends E {}
lone sig H { items: seq E, t: seq F } { (t.elems in seq/elems[items]) or (t.last in elems[items]) }
run { some s1: seq E, e: E | not ((s1.add[e]).last = e) } for 1 but 5 int, 0 seq, exactly 2 E
