sig A { f: set B, g: set A, h: A -> B, var r: set A }
some sig B {}
var sig V in A {}
fact { some x2: B | (lone B) }
fact { lone x3: A | (x3 in V) }
pred show { let l1 = (V & V) | ((l1 not in V) triggered (V' != V)) }
run show for 2 but 1 steps
