sig E {}
sig F, G extends E {}
sig H { items: seq E, t: seq F }
check { all h2: H | all s1: seq E | all e3: E | (one e4: E | (add[s1, e3]).inds in seq/Int) } for 5 but 3 seq, 3 E, 1 H
