sig E {}
lone sig H { items: seq E, n: seq Int }
fact { all h5: H | (! (h5.items.elems in elems[h5.items])) && ((#h5.items != 2) and ((sum i6: h5.n.inds | h5.n[i6]) != -1)) }
run { some h1: H | some e2: E | (some h3: H | (lone e4: E | ! (int[first[h3.n]] != #(h3.items.indsOf[e2])))) } for 4 but 4 int, 1 seq, 3 E
