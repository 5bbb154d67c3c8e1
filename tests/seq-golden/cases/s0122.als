open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E, cur: lone E }
fact { all h2: H | (no e3: E | h2.s.inds in 0 + 1) }
check { all s1: seq E | all e: E | all i: Int | (i >= 0 and i =< #s1) implies seq/isSeq[seq/insert[s1, i, e]] } for 2 E, 3 seq, 3 H, 5 int
