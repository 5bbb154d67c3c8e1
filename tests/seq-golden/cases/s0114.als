sig E {}
sig F, G extends E {}
some sig H { items: seq E, n: seq Int }
fact { all h2: H | (all e3: E | e3 in h2.items.elems) }
run { some s1: seq E | (#(s1)).plus[s1.lastIdx] = seq/idxOf[s1, (#(s1)).s1] } for 2 E, 2 H, 0 seq, 4 int
