sig A { g: lone A, var r: lone A, var s: set B }
some sig B {}
var sig V { var m: lone V }
var sig W {}
fact { always (historically (V = V)) }
pred show { not (*g in ^g) }
run show for 3 but 2..2 steps
