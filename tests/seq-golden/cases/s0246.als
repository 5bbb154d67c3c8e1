sig E {}
sig H { items: seq E } { (0 <= #(seq/indsOf[items, E])) and (lone items) }
fact { all h2: H | (seq/first[h2.items] in h2.items.elems) implies (!h2.items.hasDups) }
assert claim { all h1: H, e: E, i: Int | (i >= 0 and i =< #h1.items) implies seq/isSeq[h1.items.insert[i, e]] }
check claim for 3 E, 3 seq, 2 H
