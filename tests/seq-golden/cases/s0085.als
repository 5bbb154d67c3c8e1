open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E, cur: lone E }
fact { all h2: H | (let l3 = h2.s.butlast | h2.items.hasDups) }
assert claim { all s1: seq E, e: E, i: Int | (i >= 0 and i =< #s1) implies seq/isSeq[seq/insert[s1, i, e]] }
check claim for 2 but 5 int, 3 seq, 2 E, exactly 3 H
