sig E {}
sig F, G extends E {}
sig H { items: seq E }
check { all h2: H | all s1: seq Int | (all h3: H | (all i4: seq/inds[s1] | (#(s1)).mul[#(h3.items)] != s1[i4])) } for 3 but 5 int, 2 E, exactly 2 H
