open util/ordering[E]
sig E {}
sig H { items: seq E, s: seq E }
check { all h1: H | all e2: E | (one e3: E | h1.items.lastIdx < #(h1.items)) } for 2 but 2 seq, 1 H
