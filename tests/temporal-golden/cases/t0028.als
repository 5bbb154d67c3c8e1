sig A { f: one B }
sig B {}
var sig V { var m: lone A }
var sig W in B {}
fact { (some V) iff (before (one V')) }
run { not (((V in m'.A) until (some W)) iff ((some W) or ((V in m'.A) and after ((V in m'.A) releases (some W))))) } for 2 but 6 steps
