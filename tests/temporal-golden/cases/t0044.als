sig A { f: lone B }
one sig B {}
var sig V {}
pred P[p: A] { before ((some (V' -> V)) implies (#p = 0)) }
run { always (V' in V) and always eventually (V != V') } for 3 but 1..3 steps
