sig E {}
sig F extends E {}
lone sig H { disj items, s: seq E }
assert claim { all h1: H | no h1.items }
check claim for 5 but 3 int, 1 seq, exactly 1 E
