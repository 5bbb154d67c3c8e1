// Dining philosophers around a table: each picks up the fork on the left, then the one on
// the right, eats, and puts both down. Everyone holding a left fork is a deadlock.
// Written for solder's temporal examples; each `expect` is the verdict of Alloy 6 (built
// from source, SAT4J), 2026-12-07.

sig Fork {}
sig Sage {
  leftFork, rightFork: one Fork,
  var holding: set Fork
}

fact table {
  leftFork in Sage one -> one Fork
  rightFork in Sage one -> one Fork
  all s: Sage | s.leftFork != s.rightFork
  all s: Sage | one t: Sage | t.leftFork = s.rightFork
}

fact start { no holding }

fun free: set Fork { Fork - Sage.holding }

pred takeLeft[s: Sage] {
  no s.holding and s.leftFork in free
  holding' = holding + s -> s.leftFork
}
pred takeRight[s: Sage] {
  s.holding = s.leftFork and s.rightFork in free
  holding' = holding + s -> s.rightFork
}
pred putDown[s: Sage] {
  s.holding = s.leftFork + s.rightFork
  holding' = holding - s -> Fork
}
pred think { holding' = holding }

fun eating: set Sage { { s: Sage | s.holding = s.leftFork + s.rightFork } }

fact behaviour { always (think or some s: Sage | takeLeft[s] or takeRight[s] or putDown[s]) }

run dinner { #Sage = 3 and eventually some eating } for 3 but 6 steps expect 1

assert forkInOneHand { always all f: Fork | lone holding.f }
check forkInOneHand for 3 but 8 steps expect 0

assert neighboursDoNotEatTogether { always all disj s, t: eating | s.rightFork != t.leftFork }
check neighboursDoNotEatTogether for 3 but 8 steps expect 0

// Seeded by design: everyone can grab a left fork and be stuck.
assert noDeadlock { #Sage = 3 implies always (some s: Sage | (no s.holding and s.leftFork in free) or (s.holding = s.leftFork and s.rightFork in free) or s in eating) }
check noDeadlock for 3 but 8 steps expect 1
