abstract sig A { f: one B }
one sig A1 extends A {}
sig A2 extends A {}
lone sig B {}
var sig V in A {}
var sig W {}
fact { once ((A2 = A) and (no A.f)) }
fact { #V' > 3 }
pred show { (B = A2.f) since ((historically (some (W -> B))) or (some W)) }
run show for 2
