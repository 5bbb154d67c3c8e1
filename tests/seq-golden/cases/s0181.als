open util/ordering[E]
sig E {}
sig H { items: seq E }
fact { all h2: H | first.next in elems[h2.items] }
fact { all h3: H | minus[2, seq/lastIdx[h3.items]] =< 3 }
pred show { all h1: H | first.next != first }
run show for 2 seq, 3 int
