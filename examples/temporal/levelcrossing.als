// A level crossing: trains go far -> near -> on the crossing -> far; the controller lowers
// the barrier while a train is near and raises it only when nothing is near or on the
// crossing. Written for solder's temporal examples; each `expect` is the verdict of
// Alloy 6 (built from source, SAT4J), 2026-12-07.

abstract sig Zone {}
one sig Far, Near, OnCrossing extends Zone {}
abstract sig Position {}
one sig Raised, Lowered extends Position {}

sig Train { var zone: one Zone }
one sig Barrier { var pos: one Position }

fact start { Train.zone = Far and Barrier.pos = Raised }

pred approach[t: Train] {
  t.zone = Far
  zone' = zone ++ t -> Near
  pos' = pos
}
pred cross[t: Train] {
  t.zone = Near and Barrier.pos = Lowered
  zone' = zone ++ t -> OnCrossing
  pos' = pos
}
pred leave[t: Train] {
  t.zone = OnCrossing
  zone' = zone ++ t -> Far
  pos' = pos
}
pred lower {
  Barrier.pos = Raised and some zone.Near
  Barrier.pos' = Lowered
  zone' = zone
}
pred raise {
  Barrier.pos = Lowered and no zone.(Near + OnCrossing)
  Barrier.pos' = Raised
  zone' = zone
}
pred wait { zone' = zone and pos' = pos }

fact behaviour { always (wait or lower or raise or some t: Train | approach[t] or cross[t] or leave[t]) }

run twoTrainsCross { eventually (#zone.OnCrossing = 2) } for 2 but 6 steps expect 1

assert safe { always (some zone.OnCrossing implies Barrier.pos = Lowered) }
check safe for 3 but 10 steps expect 0

// The barrier only goes up after having been down while a train was near (past operators).
assert raisedOnlyAfterUse { always (Barrier.pos = Lowered implies once some zone.Near) }
check raisedOnlyAfterUse for 3 but 10 steps expect 0

// Wrong: a near train need not ever cross (the controller may wait forever).
assert trainsCross { all t: Train | always (t.zone = Near implies eventually t.zone = OnCrossing) }
check trainsCross for 3 but 10 steps expect 1

// The barrier stays down until every train is clear of the crossing.
assert downUntilClear { always (some zone.OnCrossing implies (Barrier.pos = Lowered until no zone.(Near + OnCrossing)) or always Barrier.pos = Lowered) }
check downUntilClear for 3 but 10 steps expect 0
