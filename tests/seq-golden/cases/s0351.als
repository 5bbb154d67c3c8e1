abstract sig E {}
sig F, G extends E {}
some sig H { items: seq E, s: seq E, cur: lone E }
fun f[x: seq E, y: E]: seq E { (seq/subseq[x, #x, #x]).rest }
check { all h1: H | all e2: E | ((all h3: H | #(h1.s.delete[3]) =< #h3.s)) and #((seq/setAt[h1.items, #h1.s, E]).f[h1.s[1]]) <= minus[2, #h1.s] } for 5 but 3 int, 2 seq, 1 E, 2 H
