sig E {}
sig F, G extends E {}
lone sig H { items: seq E, n: seq Int }
fact { all h3: H | (let l4 = h3.n | #(h3.n) =< #l4) }
check { all h1: H | all e2: E | h1.items :> G = h1.items } for 3 int, 2 seq, 2 E
