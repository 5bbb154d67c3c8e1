sig E {}
sig H { items: seq E }
assert claim { all h1: H | all e: E | butlast[h1.items.add[e]] = h1.items }
check claim for 1 seq
