abstract sig A { g: set A }
sig A1, A2 extends A {}
sig B {}
var sig V {}
var sig W in A {}
assert claim { all disj x1, x2: W | (no x3: V | (some B')) }
check claim for 2 but 3 steps, exactly 2 B
