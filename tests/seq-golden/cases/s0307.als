sig E {}
one sig H { items: seq E, n: seq Int, cur: lone E }
assert claim { all h2: H | all s1: seq E | 1 >= (H.items.add[1.s1]).afterLastIdx }
check claim for 1 seq, 3 E
