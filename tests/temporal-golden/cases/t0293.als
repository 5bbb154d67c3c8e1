sig A { h: A -> B }
sig B {}
var sig V {}
fact { always ((before (some V)) since (before (#A' >= 0))) }
fact { some A }
assert claim { some x1: V | (one x2: V | ((x1 not in (V - V)) or ((A' - A') != (A & A)))) }
check claim for 2 but 2..4 steps, exactly 2 B
