sig A { g: set A }
sig B {}
var sig V { var m: lone A }
var sig W {}
fact init { one V }
fact { always (no V implies some V') }
pred show { eventually ((some m) and after not (some m)) }
run show for 2
