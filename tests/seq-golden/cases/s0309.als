open util/ordering[E]
sig E {}
lone sig H { items: seq E }
check { all h1: H | all e: E | #h1.items.insert[0, e] = plus[#h1.items, 1] } for 4 but 2 seq, 2 E
