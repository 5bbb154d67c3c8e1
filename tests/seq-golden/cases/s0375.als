sig E {}
sig F extends E {}
one sig H { items: seq E }
assert claim { all h1: H, e: E | #h1.items.insert[#h1.items, e] = plus[#h1.items, 1] }
check claim for 1 but 3 int, 3 seq
