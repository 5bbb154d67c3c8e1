sig E {}
sig H { disj items, s: seq E, cur: lone E }
run { some h2: H | some s1: seq E | (no i3: Int | (all i4: Int | #(s1) in s1.inds)) } for 2 but 4 int, 1 H
