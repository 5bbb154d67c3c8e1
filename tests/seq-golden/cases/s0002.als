sig E {}
sig F extends E {}
one sig H { disj items, s: seq E }
check { all s1: seq E, e: E | e in elems[add[s1, e]] } for 3 seq
