open util/ordering[E]
sig E {}
some sig H { items: seq E }
check { all h2: H | all s1: seq Int | ! (seq/isSeq[h2.items]) } for 5 seq
