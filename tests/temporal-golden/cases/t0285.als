sig A {}
var sig V in A {}
fact { eventually (all x3: V | (x3 in V)) }
fact { V = (V + V) }
pred show { ((((#V' =< 1) and (some V)) or (lone x1: V' | (x1 in V))) ; ((not (#A =< 1)) and (all x2: V | (V = V)))) }
run show for 3 but 3 steps
