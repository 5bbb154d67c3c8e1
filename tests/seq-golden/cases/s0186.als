sig E {}
sig H { items: seq E, cur: lone E }
fact { all h2: H | (some e3: E | !seq/hasDups[h2.items]) }
check { all s1: seq E | s1 != s1 } for 3 but 5 int, 2 seq, exactly 2 E, 1 H
