sig E {}
sig H { items: seq E, cur: lone E }
fun f[x: seq E, y: E]: set E { elems[seq/rest[x]] }
assert claim { some h1: H | ((((one e2: E | f[h1.items, e2] != h1.items.last)) && ((#(h1.items) =< h1.items.lastIdx) => (#h1.items = 0))) && (append[h1.items, h1.items] = h1.items)) || (some (seq/subseq[h1.items, #h1.items, #h1.items]).insert[seq/afterLastIdx[h1.items], f[h1.items, h1.items.last]]) }
check claim for 3 but 5 int, 1 seq, exactly 2 H
