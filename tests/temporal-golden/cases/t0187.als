sig A { f: lone B, h: A -> B, var s: lone B }
sig B {}
var sig V in A {}
fact { all x2: V' | (some x3: V' | (#V =< 1)) }
fact { (not (V'.f != V.s)) triggered (one x4: V | (x4 in V')) }
assert claim { (eventually (((f in s) ; (V in A)))) releases (let l1 = B | (once (lone ~s))) }
check claim for 3 but 4 steps
