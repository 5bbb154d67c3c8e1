sig E {}
sig F, G extends E {}
sig H { items: seq E, s: seq E } { (lone items) || (items.elems in elems[s]) }
run { some disj s1, s2: seq E | no s2 } for 3 int
