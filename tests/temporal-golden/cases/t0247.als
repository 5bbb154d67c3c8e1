abstract sig A {}
sig A1, A2 extends A {}
lone sig B {}
var sig V in A {}
run { always (let l1 = V' | (((once (B = B)) ; (lone x2: A | (some (B & B)))))) } for 2 but 6 steps
