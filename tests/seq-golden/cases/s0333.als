sig E {}
sig F, G extends E {}
sig H { disj items, s: seq E } { hasDups[delete[items, 2]] }
fact { all h1: H | seq/lastIdx[h1.s] =< 0 }
run { #items < 3 } for 3 E, 3 int, 1 H
