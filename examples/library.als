-- A lending library: copies of titles are on the shelf, in repair, or lent to exactly one
-- member; members may reserve titles that they cannot take off the shelf right now.
--
-- Shows off: `enum`, `some sig`, a field `f: disj e` (`loans: disj set Copy`: no copy is lent
-- to two members), `disj` fields (`disj shelf, repair: set Copy`), `one sig`, `F => e1 else e2`
-- as an expression (nested), a comprehension, `<:` with box join, `iff`, quantifiers with a
-- set bound (`all t: Member.holds`), a quantifier with a block body, `lone`/`no`/`some`
-- tests, `check name`, `run name`, `check { ... }`, `run { ... }`, default scope.

module library

enum Status { Available, InRepair, OnLoan }

sig Title {}
sig Copy { title: Title }

some sig Member {
  loans: disj set Copy,
  holds: set Title
}

one sig Library {
  disj shelf, repair: set Copy
}

fact everyCopyAccountedFor {
  Copy = Library.shelf + Library.repair + Member.loans
  no (Library.shelf + Library.repair) & Member.loans
}

-- members reserve only titles they do not have and that are not on the shelf
fact reservations {
  all m: Member {
    no m.holds & m.loans.title
    no m.holds & Library.shelf.title
  }
}

fun status[c: Copy]: Status {
  c in Library.shelf => Available else (c in Library.repair => InRepair else OnLoan)
}

-- titles with a copy on the shelf
fun available: set Title { { t: Title | some title.t & Library.shelf } }

fun loanedTitles[m: Member]: set Title { (m.loans <: title)[Copy] }

assert singleBorrower { all c: Copy | lone loans.c }
assert statusMatchesLoans { all c: Copy | c.status = OnLoan iff some loans.c }
assert holdsHaveCopies { all t: Member.holds | some title.t }

pred everyoneWaits { all m: Member | some m.holds }

-- `loans: disj set Copy` makes the loans of two different members disjoint.
check singleBorrower expect 0

-- A copy is OnLoan exactly when it is neither shelved nor in repair, and every copy is
-- shelved, in repair or lent, with lent copies never shelved or in repair.
check statusMatchesLoans expect 0

-- Witness: one member reserving a title that has no copies at all.
run everyoneWaits expect 1

-- Counterexample: the same instance; nothing says a reserved title has a copy.
check holdsHaveCopies expect 1

-- Reserved titles have no copy on the shelf, and `available` is exactly the shelved titles.
check { no Member.holds & available } expect 0

-- loanedTitles[m] is m.loans.title, which `reservations` keeps apart from m.holds.
run { some m: Member | some loanedTitles[m] & m.holds } expect 0
