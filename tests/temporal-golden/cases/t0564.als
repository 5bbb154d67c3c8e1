sig A { f: set B, var r: lone A }
one sig B {}
var sig V { var m: lone A }
run { (historically (no r)) until (after (lone V)) } for 2 but exactly 5 steps
