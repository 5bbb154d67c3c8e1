sig A { f: lone B, g: lone A, var s: set B, var t: A -> lone B }
some sig B {}
var sig V in A {}
assert claim { (((some ~f) until (lone V.f)) and (eventually (V = V'))) or (let l1 = f.B | (eventually (some V))) }
check claim for 3 but 1..3 steps
