sig A { f: lone B, g: lone A }
one sig B {}
var sig V {}
run { let l1 = (V' - V) | (once (some disj x2, x3: B | (after (some A)))) } for 1 but 4 steps
