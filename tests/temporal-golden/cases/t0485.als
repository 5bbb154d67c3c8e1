abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
assert claim { (((#A > 1) since (A1 in (A & A))) and (eventually (some A1))) releases ((not (V != V)) and ((A = A1) or (V = V'))) }
check claim for 3
