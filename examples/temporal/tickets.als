// An issue tracker: tickets are filed (new atoms enter the variable set), assigned to a
// developer, resolved and possibly reopened. Written for solder's temporal examples; each
// `expect` is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

sig Dev {}
var sig Ticket {}
var sig Resolved in Ticket {}
one sig Board { var owner: Ticket -> lone Dev }

fact start { no Ticket }

pred file {
  Ticket in Ticket'
  one Ticket' - Ticket
  Resolved' = Resolved and owner' = owner
}
pred assign[t: Ticket, d: Dev] {
  t in Ticket - Resolved and no Board.owner[t]
  Board.owner' = Board.owner + t -> d
  Ticket' = Ticket and Resolved' = Resolved
}
pred resolve[t: Ticket] {
  t in Ticket - Resolved and some Board.owner[t]
  Resolved' = Resolved + t
  Ticket' = Ticket and owner' = owner
}
pred reopen[t: Ticket] {
  t in Resolved
  Resolved' = Resolved - t
  Board.owner' = Board.owner - t -> Dev
  Ticket' = Ticket
}
pred calm { Ticket' = Ticket and Resolved' = Resolved and owner' = owner }

fact behaviour { always (calm or file or some t: Ticket | reopen[t] or resolve[t] or some d: Dev | assign[t, d]) }

run reopenedAndFixed { eventually some t: Ticket | reopen[t] and eventually resolve[t] } for 2 but 8 steps expect 1

assert resolvedHadOwner { always all t: Resolved | some Board.owner[t] }
check resolvedHadOwner for 3 but 8 steps expect 0

assert ticketsPersist { always all t: Ticket | always t in Ticket }
check ticketsPersist for 3 but 8 steps expect 0

// Every resolved ticket was assigned before it was resolved.
assert assignedFirst { always all t: Ticket | resolve[t] implies once some d: Dev | assign[t, d] }
check assignedFirst for 3 but 8 steps expect 0

// Wrong: resolution is not final.
assert resolvedStays { always all t: Resolved | always t in Resolved }
check resolvedStays for 3 but 8 steps expect 1
