sig A { var s: one B }
sig B {}
var sig V { var m: lone A }
var sig W {}
fact { one x1: V | (some m) }
fact { always ((V = V) implies (#W' = 0)) }
run { not (s'.B = (V.m)') } for 3 but 4 steps, 1 B
