sig E {}
sig H { items: seq E, cur: lone E }
check { all s1: seq E | some s1 implies s1.lastIdx.plus[1] = #s1 } for 3 int
