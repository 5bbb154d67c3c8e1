sig E {}
sig H { items: seq E, s: seq E, cur: lone E }
fact { all h2: H | not seq/hasDups[rest[h2.items]] }
run { some h1: H | seq/afterLastIdx[h1.s] > mul[-1, #(h1.s.inds)] } for 3 but 3 int, 2 seq, 1 E, 2 H
