sig E {}
lone sig H { disj items, s: seq E, cur: lone E }
fact { all h2: H | (some e3: E | h2.s in seq/Int -> E) }
fact { all h4: H | h4.items.inds = seq/Int }
check { all s1: seq E | all e: E | not (s1.add[e] = s1 and some s1) } for 3 but 5 int, 1 seq, 1 E
