sig A { var r: set A }
var sig V { var m: lone V }
pred P[p: A] { always (V != V) }
pred show { not (always ((before not (no m)) iff (not after (no m)))) }
run show for 2
