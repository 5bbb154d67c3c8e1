abstract sig E {}
sig F, G extends E {}
some sig H { items: seq E, n: seq Int }
check { all s1: seq E | #s1 > #s1.elems implies s1.hasDups } for 3 but 3 seq, 1 H
