sig E {}
sig H { items: seq E, s: seq E }
pred p[x: seq E, y: E] { (all h5: H | #(x) in h5.s.inds) }
fact { all h3: H | no seq/insert[h3.s, #(h3.items), seq/last[h3.s]] }
fact { all h4: H | ! (not seq/hasDups[insert[h4.s, 1, E]]) }
assert claim { all h2: H | all s1: seq E | (s1 in s1.subseq[0, #(elems[add[seq/insert[s1, #(s1), first[h2.items]], h2.items[0]]])]) implies p[add[s1, h2.items.first], E] }
check claim for 1 but 3 int, 0 seq, 3 E
