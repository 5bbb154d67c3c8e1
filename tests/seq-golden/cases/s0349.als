sig E {}
sig H { items: seq E, cur: lone E } { (some e5: E | (seq/isSeq[items]) => (#items != 0)) }
fact { all h4: H | not (add[h4.items, seq/first[h4.items]] in h4.items) }
check { all h1: H | all e2: E | (one e3: E | seq/elems[h1.items] in E) } for 1 H, exactly 3 E, 1 seq
