abstract sig A { f: set B, g: set A, var r: set A, var t: A -> lone B }
sig A1, A2 extends A {}
sig B {}
var sig V { var m: set V }
pred show { always (r != r') }
run show for 3 but 2 steps
