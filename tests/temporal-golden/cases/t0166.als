abstract sig A { f: lone B }
sig A1, A2 extends A {}
sig B {}
var sig V { var m: lone A }
fact { always (let l1 = (B & B) | (always (lone A'))) }
fact { always ((one V) releases (#V > 0)) }
assert claim { once (historically ((no A2) until (some (m - m)))) }
check claim for 2
