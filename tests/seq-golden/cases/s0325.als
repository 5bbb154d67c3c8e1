sig E {}
sig F extends E {}
one sig H { items: seq E }
assert claim { all h1: H | plus[#h1.items, #h1.items] >= #h1.items }
check claim for 3 int, 3 E
