sig A {}
var sig V { var m: lone V }
fact { before (not (A in A)) }
run { before ((historically ((V - V').m in V)) releases (always (some V.m))) } for 3 but 2 steps
