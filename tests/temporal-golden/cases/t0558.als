abstract sig A {}
sig A1, A2 extends A {}
var sig V {}
var sig W in A {}
assert claim { (((some V) releases (some W)) since ((((A2 & W) != W) ; (#(W + W) < 0)))) implies (((#V' < 3) and (#A >= 3)) until (no x1: V | (one A2))) }
check claim for 3
