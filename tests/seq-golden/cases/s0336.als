abstract sig E {}
sig F, G extends E {}
lone sig H { items: seq E }
pred p[x: seq E] { (let l3 = seq/delete[x, 1] | (some e4: E | no x)) }
fun f[x: seq E, y: E]: Int { 2 }
fact { some h2: H | p[h2.items] or f[h2.items, E] < h2.items.lastIdx }
assert claim { all s1: seq E, e: E | #s1.insert[0, e] = plus[#s1, 1] }
check claim for 3 int, 3 E
