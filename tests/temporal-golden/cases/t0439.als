abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V {}
fact { lone V' }
fact { not ((A in A) and (#V >= 2)) }
run { after (((A in A) until (some (A1 - A))) or (lone x1: A | (some x1))) } for 3 but exactly 1 steps
