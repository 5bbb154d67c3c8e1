// The mark phase of a tracing garbage collector (tri-colour style): marked-but-unscanned
// objects are grey; scanning one marks everything it refers to and turns it black. A
// mutator that redirects references during marking (when `Concurrent` exists) can hide a
// live object behind a black one. Written for solder's temporal examples; each `expect` is
// the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

sig Obj { var refs: set Obj }
sig Root in Obj {}
var sig Marked in Obj {}
var sig Scanned in Marked {}

fact start { Marked = Root and no Scanned }

lone sig Concurrent {}

pred scan[o: Obj] {
  o in Marked - Scanned
  Marked' = Marked + o.refs
  Scanned' = Scanned + o
  refs' = refs
}
pred redirect[a, b, c: Obj] {
  some Concurrent
  b in a.refs
  refs' = refs - a -> b + a -> c
  Marked' = Marked and Scanned' = Scanned
}
pred idle { Marked' = Marked and Scanned' = Scanned and refs' = refs }

fun live: set Obj { Root.*refs }
pred finished { Scanned = Marked }

fact behaviour { always (idle or some o: Obj | scan[o] or some b, c: Obj | redirect[o, b, c]) }

run markAll { one Root and #Obj = 3 and eventually (finished and Marked = Obj) } for 3 but 5 steps expect 1

assert onlyLiveMarked { no Concurrent implies always Marked in live }
check onlyLiveMarked for 3 but 6 steps expect 0

assert completeWhenFinished { no Concurrent implies always (finished implies live in Marked) }
check completeWhenFinished for 3 but 6 steps expect 0

// Seeded bug: with a concurrent mutator a live object can be left unmarked.
assert completeConcurrently { always (finished implies live in Marked) }
check completeConcurrently for 3 but 6 steps expect 1

// Marks are never taken away, and black objects stay black.
assert marksStay { always all o: Marked | always o in Marked }
check marksStay for 3 but 6 steps expect 0
assert blackStays { always Scanned in Scanned' }
check blackStays for 3 but 6 steps expect 0
