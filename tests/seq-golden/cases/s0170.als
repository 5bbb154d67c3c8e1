open util/ordering[E]
sig E {}
one sig H { items: seq E, s: seq E }
assert claim { all h1: H | h1.items.afterLastIdx = #h1.items }
check claim for 5 seq
