open util/ordering[E]
sig E {}
some sig H { items: seq E, s: seq E }
check { all h1: H | (not ((h1.s.add[seq/last[h1.s]]).add[E] = h1.items)) iff (! (h1.items.afterLastIdx =< 2)) } for 3 but 5 int, 2 H
