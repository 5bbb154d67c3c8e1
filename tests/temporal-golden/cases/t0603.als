abstract sig A { f: lone B, var t: A -> lone B }
sig A1, A2 extends A {}
sig B {}
var sig V { var m: lone V }
pred show { #A2 =< 3 }
run show for 2 but exactly 3 steps, 3 B
