sig E {}
sig H { items: seq E, cur: lone E }
check { all s1: seq E | s1 = s1 } for 3 but 5 int, 2 H
