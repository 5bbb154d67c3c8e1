abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V { var m: lone V }
pred P[p: V] { (once (p in V)) until (no x1: V | (#p =< 2)) }
fact { (V != V) or (lone m) }
fact { always (A' in (A1 - A1)) }
run { all x2: A | ((once (always (~m = m))) and ((before (lone m)) releases ((^m in m) until (V' in V')))) } for 3
