sig A { f: set B }
sig B {}
var sig V in A {}
fact init { no V }
fact { always (V in V' and lone V' - V) }
pred show { (eventually #V = 1) and (always eventually V != V') }
run show for 3 but 1..2 steps, 3 B
