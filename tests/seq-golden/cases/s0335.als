sig E {}
sig H { items: seq E, n: seq Int, cur: lone E }
check { all s1: seq E | all e2: E | (let l3 = delete[s1, #(s1.inds)] | s1.hasDups) } for 2 but 4 int, 1 seq, exactly 3 E, 2 H
