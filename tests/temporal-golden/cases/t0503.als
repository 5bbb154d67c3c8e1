sig A {}
var sig V { var m: set A }
fact { some x2: A | (historically (x2 != V'.m)) }
assert claim { lone x1: A | (((x1 in (V.m)') releases (x1 in V.m)) implies (not (x1 not in A'))) }
check claim for 3
