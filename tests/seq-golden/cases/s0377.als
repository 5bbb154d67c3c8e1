open util/ordering[E]
sig E {}
sig H { items: seq E, cur: lone E }
fact { all h5: H | h5.items.elems = first.prevs }
fact { all h6: H | (all i7: Int | seq/first[h6.items] in first.next) }
check { all h1: H | all e2: E | (let l3 = h1.items.add[seq/first[h1.items.subseq[#h1.items, #(h1.items)]]] | (some h4: H | (h4.items.delete[1] = l3) => (e2 != h1.cur))) } for 3 int, 0 seq
