sig A {}
lone sig B {}
var sig V in A {}
fact { always ((not (B in (B + (B & B)))) implies (one x2: V | (#B =< 0))) }
fact { (let l3 = B | (l3 in B)) iff (all x4: V | (#B = 2)) }
pred show { one x1: V | ((((B - B))' != ((B + B) - B')) until (x1 in (V - V'))) }
run show for 1 but 3..3 steps
