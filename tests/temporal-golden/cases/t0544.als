abstract sig A { g: set A, var r: set A, var t: A -> lone B }
sig A1, A2 extends A {}
sig B {}
var sig V in A {}
var sig W in B {}
fact { let l3 = A2.^g | (l3 in V.^g) }
fact { always (((V & A2) in V.^g) or (~g = g)) }
assert claim { (((lone W') ; ((A2.r' in ^g.V') or (#W < 2)))) and (all disj x1, x2: W | (V' in V'.^r)) }
check claim for 2 but 5 steps
