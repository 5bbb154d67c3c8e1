sig A { f: lone B }
sig B {}
var sig V {}
fact init { some V }
pred show { (always (lone V)) triggered (always (lone V)) }
run show for 3
