// A desktop recycle bin: items can be thrown away, fished back out, or purged for good.
// Written for solder's temporal examples; each `expect` is the verdict of Alloy 6 (built
// from source, SAT4J), 2026-12-07.

var sig Item {}
var sig Binned in Item {}

fact start { no Binned }

pred throwAway[i: Item] {
  i in Item - Binned
  Binned' = Binned + i
  Item' = Item
}

pred fishOut[i: Item] {
  i in Binned
  Binned' = Binned - i
  Item' = Item
}

pred purgeAll {
  some Binned
  no Binned'
  Item' = Item - Binned
}

pred idle { Item' = Item and Binned' = Binned }

fact behaviour {
  always (purgeAll or idle or some i: Item | throwAway[i] or fishOut[i])
}

// An item is thrown away and then recovered.
run recovered { some i: Item | eventually (throwAway[i] ; fishOut[i]) } for 3 but 4 steps expect 1

// Everything is eventually purged.
run allGone { some Item and eventually no Item } for 3 but 5 steps expect 1

// Nothing is fished out unless it was thrown away before.
assert fishNeedsThrow { always all i: Item | fishOut[i] implies once throwAway[i] }
check fishNeedsThrow for 3 but 8 steps expect 0

// Purged items never come back (there is no way to create one).
assert purgedStayGone { always all i: Item | purgeAll and i in Binned implies after always i not in Item }
check purgedStayGone for 3 but 8 steps expect 0

// Wrong: the bin need not ever be emptied.
assert binEmptiesEventually { always (some Binned implies eventually no Binned) }
check binEmptiesEventually for 3 but 8 steps expect 1
