sig A { var r: set A }
var sig V { var m: set V }
fact { always (once (historically (A in A))) }
fact { always (after (((A & A) & r'.A) != A)) }
pred show { historically (let l1 = V | ((some r') and (r = r))) }
run show for 3 but 4..4 steps
