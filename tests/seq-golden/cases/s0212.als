open util/ordering[E]
sig E {}
some sig H { items: seq E, s: seq E, cur: lone E }
check { all s1: seq E | ! (! (not ((one e2: E | no s1)))) } for 2 H, 3 int, 3 E, 2 seq
