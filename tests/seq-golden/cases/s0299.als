sig E {}
some sig H { items: seq E, n: seq Int, cur: lone E } { #(inds[items]) > afterLastIdx[items] }
fact { all h2: H | #(h2.n) in h2.n.inds }
fact { all h3: H | (let l4 = h3.n | h3.items.elems in E) }
check { all h1: H | all e: E | all i: Int | (i >= 0 and i =< #h1.items) implies seq/isSeq[h1.items.insert[i, e]] } for 5 int, 3 seq
