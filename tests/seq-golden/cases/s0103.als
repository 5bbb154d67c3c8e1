sig E {}
sig H { items: seq E } { 1 != 2 }
run { all h1: H | (all i2: Int | 1 in seq/inds[h1.items]) } for 4 int, 2 seq
