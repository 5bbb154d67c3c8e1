sig E {}
one sig H { items: seq E, n: seq Int }
check { all s1: seq E | s1.hasDups implies #s1 >= 2 } for 3 int, 3 seq
