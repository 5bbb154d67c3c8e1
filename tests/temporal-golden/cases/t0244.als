sig A {}
sig B {}
var sig V {}
fact { always (once (V in V)) }
fact { always (((no (A')') releases (some (A - A'))) since (((A & A) & A) != A)) }
assert claim { (once (one x1: A | (one V'))) iff (once (historically (#A =< 3))) }
check claim for 1 but 4 steps
