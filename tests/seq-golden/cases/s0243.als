sig E {}
lone sig H { items: seq E, n: seq Int }
fact { all h2: H | (let l3 = h2.n | (sum i4: h2.n.inds | h2.n[i4]) >= #h2.items) }
fact { all h5: H | ((h5.items.last in elems[h5.items]) => (0 in h5.items.inds)) or (((#(h5.n)).minus[0] < int[h5.n.first]) and (h5.items.first in elems[h5.items])) }
check { all h1: H, e: E, i: Int | i in inds[h1.items] implies (setAt[h1.items, i, e])[i] = e } for 1 but 0 seq, exactly 3 E
