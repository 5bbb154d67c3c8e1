// Peterson's mutual exclusion for two processes: raise your flag, give the turn away,
// wait until the other is not interested or it is your turn. Written for solder's
// temporal examples; each `expect` is the verdict of Alloy 6 (built from source,
// SAT4J), 2026-12-07.

abstract sig Loc {}
one sig Outside, Waiting, Inside extends Loc {}

abstract sig Proc {
  rival: one Proc,
  var at: one Loc
}
one sig A, B extends Proc {}
fact { A.rival = B and B.rival = A }

var sig Interested in Proc {}
one sig Turn { var holder: one Proc }

fact start { Proc.at = Outside and no Interested }

pred request[p: Proc] {
  p.at = Outside
  at' = at ++ p -> Waiting
  Interested' = Interested + p
  Turn.holder' = p.rival
}

pred enter[p: Proc] {
  p.at = Waiting
  p.rival not in Interested or Turn.holder = p
  at' = at ++ p -> Inside
  Interested' = Interested
  holder' = holder
}

pred exit[p: Proc] {
  p.at = Inside
  at' = at ++ p -> Outside
  Interested' = Interested - p
  holder' = holder
}

pred idle { at' = at and Interested' = Interested and holder' = holder }

fact behaviour { always (idle or some p: Proc | request[p] or enter[p] or exit[p]) }

// Both get in, one after the other; never in consecutive states.
run takeTurns { eventually (A.at = Inside and eventually B.at = Inside) } for 3 but 10 steps expect 1
run backToBack { eventually (A.at = Inside ; B.at = Inside) } for 3 but 10 steps expect 0

assert mutex { always lone at.Inside }
check mutex for 3 but 10 steps expect 0

pred fair {
  all p: Proc | (eventually always (p.at = Waiting and (p.rival not in Interested or Turn.holder = p))) implies (always eventually enter[p])
  all p: Proc | (eventually always p.at = Inside) implies (always eventually exit[p])
}

// A waiting process does get in, but only under fairness.
assert entryUnfair { all p: Proc | always (p.at = Waiting implies eventually p.at = Inside) }
check entryUnfair for 3 but 10 steps expect 1
assert entryFair { fair implies all p: Proc | always (p.at = Waiting implies eventually p.at = Inside) }
check entryFair for 3 but 10 steps expect 0
