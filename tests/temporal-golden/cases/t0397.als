sig A { f: one B, g: set A, var r: set A, var t: A -> lone B }
sig B {}
var sig V in A {}
fact init { one V }
assert claim { (historically (#V = 1)) releases (historically (lone V)) }
check claim for 3 but 3 steps, 2 B
