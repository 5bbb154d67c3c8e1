sig A { var r: set A }
var sig V { var m: set V }
pred P[p: A] { before (p not in (*r.p)') }
pred show { after before before (some V) }
run show for 1 but exactly 1 steps
