open util/ordering[E]
sig E {}
sig H { items: seq E }
fact { all h4: H | (seq/butlast[h4.items] in h4.items.append[h4.items]) or (h4.items.elems = last.prevs) }
fact { all h5: H | h5.items.elems in E }
check { all h1: H | (some i2: seq/inds[h1.items.append[h1.items]] | (some e3: E | #(h1.items.inds) <= 2)) } for 5 but 3 int, 1 seq, 2 E, 2 H
