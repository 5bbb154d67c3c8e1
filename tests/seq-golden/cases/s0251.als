sig E {}
one sig H { items: seq E, n: seq Int }
pred p[x: seq E] { ! ((#(elems[H.n]) =< H.n[#H.n]) implies (H.n.inds = seq/Int)) }
pred show { all h1: H | ((H.n.elems in Int) && (! ((some e2: E | lone H.n)))) and p[H.items] }
run show for 3 but 4 int, exactly 2 E
