abstract sig E {}
sig F, G extends E {}
one sig H { items: seq E, s: seq E }
fact { lastIdxOf[H.s, seq/last[H.s]] >= minus[1, 1] }
fact { all h2: H | (one i3: Int | #(h2.s) >= #h2.s) }
check { all s1: seq E | all e: E | not (s1.add[e] = s1 and #s1 < 0) } for 1 but 4 int, 0 seq
