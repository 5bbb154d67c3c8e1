sig A { g: set A, var r: set A }
var sig V in A {}
fact { always (historically (no r)) }
pred show { (((after (no V)) triggered ((V != V') or (some V))) implies ((A in V) since (historically (no *r)))) or (once (let l1 = V | (always (r in g)))) }
run show for 3 but 2 steps
