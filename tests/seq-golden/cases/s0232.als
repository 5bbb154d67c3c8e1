open util/ordering[E]
sig E {}
lone sig H { items: seq E, n: seq Int } { (lone e3: E | #items >= n.idxOf[0]) }
assert claim { all h2: H | all s1: seq E | h2.n != seq/setAt[h2.n, int[seq/last[h2.n]], 1] }
check claim for 2 seq
