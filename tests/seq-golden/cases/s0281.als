sig E {}
sig H { items: seq E }
assert claim { all s1: seq E | all e: E | (seq/add[s1, e]).last = e }
check claim for 5 but 3 int, 2 seq, 1 E, exactly 1 H
