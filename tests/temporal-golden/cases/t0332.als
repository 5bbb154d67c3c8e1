sig A { var r: lone A }
var sig V {}
var sig W {}
fact { always (lone x2: W | (no (r - r)')) }
fact { (not (lone A)) until ((no V) implies (A in A')) }
run { one x1: W | ((x1 not in W) since (A != A)) } for 1 but 1..4 steps
