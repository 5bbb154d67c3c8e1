sig A { f: set B, var t: A -> lone B }
some sig B {}
var sig V in A {}
assert claim { one x1: B | (((lone x1') and (x1 not in x1)) since (before (one (A + A)))) }
check claim for 2 but 2..3 steps
