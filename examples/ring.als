-- Leader election on a ring (Chang and Roberts), as the fixpoint of its messages: every
-- process sends its id to its successor and forwards only ids larger than its own; a process
-- whose own id comes back around is elected. Ids are totally ordered by util/ordering.
--
-- Shows off: `open util/ordering[Id] as ids` with qualified calls (`ids/gt`, `ids/max`),
-- `some sig`, `one` fields by default, a comprehension with a bound (`{i: p.received | ...}`),
-- `all disj`, the `lone` and `some disj` quantifiers, `^ *`, `!in`, `for N`,
-- `for N but M X` (which also shows that the ordered sig's scope is exact).

module ring

open util/ordering[Id] as ids

sig Id {}

some sig Process {
  succ: Process,
  id: Id,
  received: set Id
}

fact ringShape { all p: Process | Process in p.^succ }

fact uniqueIds { all disj p, q: Process | p.id != q.id }

fact messages {
  -- only ids of real processes travel (rules out an id that circulates forever)
  Process.received in Process.id
  all p: Process | p.succ.received = p.id + { i: p.received | ids/gt[i, p.id] }
}

fun elected: set Process { { p: Process | p.id in p.received } }

assert uniqueLeader {
  some elected
  lone p: Process | p.id in p.received
}

assert maxIdTravels { all p: Process | ids/max[Process.id] in p.received }

-- The largest id M is forwarded by everyone else (M beats their ids) and so comes back to
-- its sender. Any other id is stopped by the process with M before it can return. Processes
-- exist (`some sig`), so exactly one is elected.
check uniqueLeader for 4 expect 0

-- As above: M leaves its sender and every process passes it on, so everyone receives M.
check maxIdTravels for 4 expect 0

-- Witness: a (id i0) and b (id i1) with a.succ = b, b.succ = a (the third Id is unused).
-- a.received = {i1}, b.received = {i0, i1}: b is elected, a is not but heard something.
run showElection { some p: Process | p !in elected and some p.received } for 3 expect 1

-- Counterexample: a (i2) -> b (i0) -> c (i1) -> a. b.received = {i2}, c.received = {i0, i2},
-- a.received = {i1, i2}: a is elected, but i0 was dropped by c before reaching a.
check leaderHearsAll { all p: elected | p.received = Process.id } for 3 expect 1

-- Ids are unique and the ordering makes exactly 2 of them, so 3 processes cannot exist.
run { some disj p, q, r: Process | q + r in p.^succ } for 3 but 2 Id expect 0
