abstract sig E {}
sig F extends E {}
lone sig H { items: seq E }
fact { all h3: H | h3.items.idxOf[E] > #(h3.items.elems) }
pred show { some disj s1, s2: seq E | #append[s1, s2] = 3 }
run show for 3 int
