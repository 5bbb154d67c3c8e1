sig A {}
var sig V in A {}
fact { not (#V = 3) }
fact { historically (some x1: V | (#x1 = 1)) }
assert claim { after (eventually ((V' = V) since (some A))) }
check claim for 3
