sig A { var r: set A }
var sig V { var m: set V }
fact { ((A.r' != A') until (lone A)) until (let l1 = A' | (A = l1')) }
fact { let l2 = V' | (always (some ((V.m)' - V'))) }
assert claim { always (always (after (A.r.r in A))) }
check claim for 3
