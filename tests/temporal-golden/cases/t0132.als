sig A { f: set B, var r: set A, var s: lone B }
sig B {}
var sig V { var m: set A }
pred P[p: V] { lone x1: B | (x1 in A'.s) }
pred show { not ((after before (#V < 2)) iff ((#V < 2))) }
run show for 2 but 6 steps, 3 B
