sig A { f: one B, var s: set B }
sig B {}
var sig V in A {}
fact { always (((lone V') triggered (lone A.s)) since ((one B) releases (no B))) }
run { (always ((after (B' in (B - B))) or (before (no B)))) or (not ((((B & B) = B') until (s in f)) releases (lone x1: B | (x1 in x1)))) } for 3 but 3 steps
