// A door keypad that locks itself out after three wrong codes in a row until an
// administrator resets it. Attempts are counted with an ordering, not integers. Written
// for solder's temporal examples; each `expect` is the verdict of Alloy 6 (built from
// source, SAT4J), 2026-12-07.

open util/ordering[Strikes]

sig Strikes {}
abstract sig Mode {}
one sig Locked, Unlocked, Blocked extends Mode {}

one sig Pad {
  var mode: one Mode,
  var strikes: one Strikes
}

fact threeLevels { #Strikes = 3 }
fact start { Pad.mode = Locked and Pad.strikes = first }

pred rightCode {
  Pad.mode = Locked
  Pad.mode' = Unlocked and Pad.strikes' = first
}
pred wrongCode {
  Pad.mode = Locked
  Pad.strikes = last implies (Pad.mode' = Blocked and Pad.strikes' = Pad.strikes)
  Pad.strikes != last implies (Pad.mode' = Locked and Pad.strikes' = next[Pad.strikes])
}
pred relock { Pad.mode = Unlocked and Pad.mode' = Locked and strikes' = strikes }
pred reset { Pad.mode = Blocked and Pad.mode' = Locked and Pad.strikes' = first }
pred nothing { mode' = mode and strikes' = strikes }

fact behaviour { always (nothing or rightCode or wrongCode or relock or reset) }

run blockedThenOpen { eventually (Pad.mode = Blocked and eventually Pad.mode = Unlocked) } for 3 but 8 steps expect 1

// Blocking needs three consecutive wrong codes.
assert threeStrikes { always (Pad.mode = Blocked and before Pad.mode = Locked) implies before (wrongCode and before (wrongCode and before wrongCode)) }
check threeStrikes for 3 but 8 steps expect 0

// While blocked, it stays blocked until a reset (releases / triggered).
assert blockedUntilReset { always (Pad.mode = Blocked implies (reset releases Pad.mode = Blocked)) }
check blockedUntilReset for 3 but 8 steps expect 0

// Every unlocking was triggered by the right code since the last lock.
assert openedByCode { always (Pad.mode = Unlocked implies (Pad.mode = Unlocked since rightCode)) }
check openedByCode for 3 but 8 steps expect 0

// Wrong claim: from zero strikes, two wrong codes in a row block the pad.
assert twoNotEnough { always (Pad.mode = Blocked implies once (Pad.strikes = first ; wrongCode ; wrongCode ; Pad.mode = Blocked)) }
check twoNotEnough for 3 but 8 steps expect 1
