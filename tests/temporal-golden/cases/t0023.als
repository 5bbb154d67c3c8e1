sig A { g: set A }
lone sig B {}
var sig V { var m: set A }
pred P[p: B] { historically (B = B') }
fact init { some V }
fact { always (V' in V) }
fact { always (V != V') }
pred show { always (after (lone m) implies once (lone V)) }
run show for 2 but 3..4 steps
