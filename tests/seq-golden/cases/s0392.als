sig E {}
sig H { items: seq E, s: seq E }
assert claim { all h1: H | not (#h1.items = 4 and not h1.items.hasDups) }
check claim for 3 seq
