abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
var sig W {}
fact { eventually (((V - V') != V') since (#W =< 0)) }
assert claim { always ((eventually always ((lone A1) or (#W' >= 1))) iff (eventually eventually ((lone A1) or (#W' >= 1)) and always eventually ((lone A1) or (#W' >= 1)))) }
check claim for 2 but 4 steps
