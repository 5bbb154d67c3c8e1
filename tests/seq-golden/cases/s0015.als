sig E {}
sig H { items: seq E, s: seq E } { (let l2 = items | seq/inds[l2] = 0) }
assert claim { all h1: H | (! (1 != 3)) or (seq/butlast[h1.items] in Int -> lone E) }
check claim for 4 int, 2 E, 3 H
