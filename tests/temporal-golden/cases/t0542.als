sig A { g: set A, var s: set B }
some sig B {}
var sig V {}
pred P[p: V] { (((p in p) or (some A)) ; (historically (p in V'))) }
fact { historically (lone x1: A | (some V)) }
pred show { not (((not ((V & V') = V)) releases (no s)) iff (not ((not (not ((V & V') = V))) until (not (no s))))) }
run show for 2 but 4..4 steps, exactly 1 B
