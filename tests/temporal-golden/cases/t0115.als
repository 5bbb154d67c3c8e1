sig A {}
some sig B {}
var sig V {}
var sig W in B {}
pred show { lone x1: A | ((((x1 not in x1) until ((V & V) != (V & V))) ; (some x2: W | (W != (W & B))))) }
run show for 2 but 1 B
