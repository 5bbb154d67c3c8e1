sig A { f: set B, var s: lone B }
some sig B {}
var sig V in A {}
var sig W {}
fact { always ((always (one W)) until (let l1 = f.B | (#W > 1))) }
pred show { after (historically (one V')) }
run show for 1 but 2 steps
