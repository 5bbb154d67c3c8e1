abstract sig A { var r: lone A }
sig A1, A2 extends A {}
var sig V { var m: set A }
fact { ((V')' != V) until (~r = r) }
fact { always ((no A2) and (V != V)) }
pred show { after (lone x1: V | (eventually (~r in *r))) }
run show for 2 but 1..3 steps
