abstract sig A {}
one sig A1 extends A {}
sig A2 extends A {}
var sig V in A {}
fact { always ((not (one V)) releases ((no (V' - A)) and (A2 in V'))) }
run { (eventually ((some x1: V | (V in A)) since ((one V) releases (V in V)))) and (some V') } for 3
