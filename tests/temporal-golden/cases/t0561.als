abstract sig A { f: lone B, g: lone A, var s: set B }
sig A1, A2 extends A {}
one sig B {}
var sig V { var m: set V }
fact { ((historically (lone (B - B))) ; ((A in f.B) until (V' = V'))) }
pred show { not ((((no V) ; (some V))) iff ((no V) and after (some V))) }
run show for 2 but 3..3 steps
