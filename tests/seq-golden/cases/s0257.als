open util/ordering[E]
sig E {}
lone sig H { items: seq E, s: seq E } { not ((let l2 = items | first[items] = last)) }
run { some s1: seq E | not (some s1 implies lastIdx[s1].plus[1] = #s1) } for 3 E, 3 int, 3 seq
