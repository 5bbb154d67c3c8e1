sig E {}
sig H { items: seq E }
fact { all h2: H | elems[h2.items] in elems[h2.items] }
check { all s1: seq E | all e: E | s1.add[e].last = e } for 5 int, 4 seq
