open util/ordering[E]
sig E {}
lone sig H { items: seq E }
run { some s1, s2: seq E | all h3: H | (#(indsOf[s2, seq/last[s1]]) = -1) && (!s2.hasDups) } for 1 but 0 seq, 3 E
