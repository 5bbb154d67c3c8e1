sig E {}
lone sig H { items: seq E, cur: lone E } { (all e4: E | isEmpty[items.insert[#items, e4]]) }
run { some h1: H | (no h2: H | (all e3: E | 4 >= #(seq/indsOf[h2.items, e3]))) } for 5 seq, 5 int, 2 E
