sig A { f: lone B }
sig B {}
var sig V {}
run { no x1: V' | (after ((always ((f + f) = f)) and (once (x1 in x1)))) } for 2 but 2 steps, 1 B
