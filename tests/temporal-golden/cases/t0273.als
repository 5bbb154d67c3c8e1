abstract sig A { f: set B }
one sig A1 extends A {}
sig A2 extends A {}
sig B {}
var sig V {}
var sig W in A {}
pred show { (all x1: W' | (eventually (not (#V >= 2)))) implies (((V != V) releases (lone x2: W' | (some (V -> x2)))) releases ((((lone f) implies (f in f)) ; (let l3 = B | (l3 not in l3))))) }
run show for 2 but 2 B
