// A lending library: members borrow and return books, may hold at most two at a time, and
// can reserve a lent book; a reserved book goes only to its reserver. Written for solder's
// temporal examples; each `expect` is the verdict of Alloy 6 (built from source, SAT4J),
// 2026-12-07.

sig Reader {}
sig Volume {
  var lentTo: lone Reader,
  var heldFor: lone Reader
}

fact start { no lentTo and no heldFor }

pred borrow[r: Reader, v: Volume] {
  no v.lentTo
  v.heldFor in r
  #lentTo.r < 2
  lentTo' = lentTo + v -> r
  heldFor' = heldFor - v -> r
}
pred giveBack[r: Reader, v: Volume] {
  v.lentTo = r
  lentTo' = lentTo - v -> r
  heldFor' = heldFor
}
pred reserve[r: Reader, v: Volume] {
  some v.lentTo and v.lentTo != r and no v.heldFor
  heldFor' = heldFor + v -> r
  lentTo' = lentTo
}
pred closed { lentTo' = lentTo and heldFor' = heldFor }

fact behaviour { always (closed or some r: Reader, v: Volume | borrow[r, v] or giveBack[r, v] or reserve[r, v]) }

run reservationHonoured { eventually some r: Reader, v: Volume | reserve[r, v] and eventually v.lentTo = r } for 3 but 6 steps expect 1

assert atMostTwo { always all r: Reader | #lentTo.r <= 2 }
check atMostTwo for 3 but 8 steps expect 0

assert reserverGetsIt { always all v: Volume, r: Reader | (some v.heldFor and v.heldFor != r) implies after v.lentTo != r }
check reserverGetsIt for 3 but 8 steps expect 1

// A reader only returns what they borrowed earlier.
assert returnsWereBorrowed { always all r: Reader, v: Volume | giveBack[r, v] implies once borrow[r, v] }
check returnsWereBorrowed for 3 but 6 steps expect 0

// Wrong: a reservation need not be honoured (the borrower may keep the book).
assert reservationsServed { always all r: Reader, v: Volume | reserve[r, v] implies eventually v.lentTo = r }
check reservationsServed for 3 but 8 steps expect 1
