sig E {}
sig H { items: seq E, n: seq Int }
pred p[x: seq E, y: E] { (lastIdx[H.items] >= #(seq/inds[H.items])) and (#H.n < 1) }
fact { all h4: H | (lone e5: E | (one i6: Int | p[h4.items, e5])) }
run { all h1: H | ((all e2: E | (one e3: E | H.n.lastIdx = h1.items.idxOf[E]))) and p[seq/rest[h1.items], h1.items[#h1.items]] } for 4 but 3 int, exactly 3 E, 1 H
