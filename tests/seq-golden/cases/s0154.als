sig E {}
one sig H { items: seq E, n: seq Int, cur: lone E }
assert claim { (not (H.n = H.n)) || (last[H.n] in elems[seq/append[H.n.insert[0, 0], H.n.add[0]]]) }
check claim for 3 int, 2 E
