sig A { f: set B }
sig B {}
var sig V {}
fact init { no V }
fact { always (lone V' - V) }
pred show { (eventually always (#V = 1)) and (always eventually (lone V)) }
run show for 1
