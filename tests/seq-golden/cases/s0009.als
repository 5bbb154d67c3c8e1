open util/ordering[E]
sig E {}
one sig H { items: seq E, n: seq Int } { p[items] }
pred p[x: seq E] { (all e2: E | first.next in H.items.elems) }
fun f[x: seq E, y: E]: set E { seq/elems[seq/add[H.items, y]] }
fact { some h1: H | (H.items.append[H.items]).p or (append[H.items, h1.items]).f[H.items.last] != elems[H.items.append[H.items]] }
pred show { some e: E, i: Int | not ((i >= 0 and i =< #H.items) implies seq/isSeq[H.items.insert[i, e]]) }
run show for 2 but 3 int, 3 seq
