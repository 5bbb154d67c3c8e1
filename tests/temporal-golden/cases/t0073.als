abstract sig A { g: set A }
sig A1, A2 extends A {}
some sig B {}
var sig V in A {}
var sig W {}
pred show { #V < 1 implies no V until one V }
run show for 2 but 1 steps
