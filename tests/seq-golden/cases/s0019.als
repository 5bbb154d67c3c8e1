sig E {}
one sig H { items: seq E, s: seq E }
fun f[x: seq E, y: E]: seq E { subseq[x, #x, x.lastIdx] }
run { some s1: seq E | (#H.items > #(insert[H.items, #s1, H.items[16]])) and #(f[H.items.subseq[5, 2], H.items[5]]) = #s1 } for 5 int, 1 E
