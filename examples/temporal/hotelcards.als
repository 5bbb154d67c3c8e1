// Hotel rooms with recodable key-card locks: the desk hands out the next card in a room's
// sequence, and a lock accepts its current card or the next one (which then becomes
// current). Without any further assumption a guest can walk in on the room's new occupant.
// Written for solder's temporal examples; each `expect` is the verdict of Alloy 6 (built
// from source, SAT4J), 2026-12-07.

open util/ordering[Card]

sig Card {}
sig Room { cards: set Card, var lockCode: one Card }
sig Guest { var wallet: set Card }
one sig Desk {
  var issued: Room -> lone Card,
  var stay: Room -> lone Guest
}

fact cardsBelongToOneRoom { all c: Card | one cards.c }

fun successor[c: Card, r: Room]: lone Card { min[nexts[c] & r.cards] }

fact start {
  no wallet
  no Desk.stay
  all r: Room | r.lockCode in r.cards and Desk.issued[r] = r.lockCode
}

pred checkIn[g: Guest, r: Room, c: Card] {
  no Desk.stay[r]
  c = successor[Desk.issued[r], r]
  wallet' = wallet + g -> c
  issued' = issued ++ Desk -> r -> c
  stay' = stay + Desk -> r -> g
  lockCode' = lockCode
}

pred walkIn[g: Guest, r: Room, c: Card] {
  c in g.wallet
  c = r.lockCode or c = successor[r.lockCode, r]
  lockCode' = lockCode ++ r -> c
  wallet' = wallet
  issued' = issued
  stay' = stay
}

pred checkOut[g: Guest] {
  some Desk.stay.g
  stay' = stay - Desk -> Room -> g
  wallet' = wallet
  issued' = issued
  lockCode' = lockCode
}

pred still { wallet' = wallet and issued' = issued and stay' = stay and lockCode' = lockCode }

fact behaviour {
  always (still or some g: Guest | checkOut[g] or some r: Room, c: Card | checkIn[g, r, c] or walkIn[g, r, c])
}

// A guest checks in and opens the room.
run stayOver { eventually some g: Guest, r: Room, c: Card | walkIn[g, r, c] } for 3 but 4 steps expect 1

// Only the occupant enters an occupied room ... not quite.
assert noIntruder {
  always all r: Room, g: Guest, c: Card |
    (walkIn[g, r, c] and some Desk.stay[r]) implies g in Desk.stay[r]
}
check noIntruder for 3 but 6 steps expect 1

// The book's remedy: every guest walks in right after checking in.
pred prompt {
  always all g: Guest, r: Room, c: Card | checkIn[g, r, c] implies after walkIn[g, r, c]
}
assert noIntruderIfPrompt { prompt implies always all r: Room, g: Guest, c: Card |
    (walkIn[g, r, c] and some Desk.stay[r]) implies g in Desk.stay[r] }
check noIntruderIfPrompt for 3 but 6 steps expect 0

// A lock only ever moves forward in its room's sequence.
assert lockForward { always all r: Room | r.lockCode' in r.lockCode + nexts[r.lockCode] }
check lockForward for 3 but 6 steps expect 0
