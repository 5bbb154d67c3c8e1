module isolation/crooks

-- Client-centric isolation: Crooks, Pu, Alvisi and Clement, "Seeing is Believing: A
-- Client-Centric Specification of Database Isolation" (PODC 2017).
--
-- An execution orders the transactions (here a total order co with T0 first). The
-- state after a transaction s maps each object to the value of its co-last writer at or
-- before s, so states are named by transactions. A level holds when some execution
-- passes the level's commit test for every transaction t:
--   * a read state of t is a state at or before t's parent (the state just before t);
--   * COMPLETE(t, s): s is a read state for every read of t;
--   * NO-CONF(t, s): no object that t writes changes between s and t's parent.
-- Levels: `CrooksRC`, `CrooksSER`, `CrooksSI`, and the session variants
-- `CrooksSessionSER`, `CrooksSessionSI`, whose executions extend the session order and
-- whose read states follow every session predecessor. Crooks' RC checks only that
-- each read has a read state; without an order among reads it is well-formedness only.

open isolation/histories

-- the co-last writer of x at or before s: the state after s, on x
fun lastWriter[co: Txn -> Txn, x: Obj, s: Txn]: set Txn {
  maxIn[co, (s + co.s) & writersOf[x]]
}

-- the parent of t: the transaction just before t in co
fun parentState[co: Txn -> Txn, t: Txn]: set Txn { maxIn[co, co.t] }

-- COMPLETE: every read of t returns the value in the state after s, that is
-- x.(lastWriter[co, x, s].writes) = x.(t.reads) for every x t reads. Written as: some
-- writer w of the value read is at or before s, and no writer of x comes after w and at
-- or before s (so w is the last writer). The same test; it avoids the maximum over a
-- set that depends on s (co.(co.s & …) per t and s), and halves the time of CrooksSI at
-- 100 transactions.
pred complete[co: Txn -> Txn, t, s: Txn] {
  all x: rset[t] | some w: writersOf[x] |
    x.(w.writes) = x.(t.reads) and w in s + co.s and no w.co & (s + co.s) & writersOf[x]
}

-- NO-CONF: no transaction between s and t writes an object t writes
pred noConf[co: Txn -> Txn, t, s: Txn] { no (s.co & co.t) & writersOf[wset[t]] }

---------------------------------------------------------------------------------------
-- Commit tests

-- Read Committed: every read has a read state
pred CTrc[co: Txn -> Txn, t: Txn] {
  all x: rset[t] | some u: co.t | x.(u.writes) = x.(t.reads)
}
-- Serializability: t reads the state just before it, complete[co, t, parentState[co, t]].
-- Written without the parent: what is at or before t's parent is what is before t, so
-- the state on x is the co-last writer of x before t. The same test, but the order's
-- immediate predecessors (co.t - co.(co.t), n³ to translate) are not needed: at 200
-- transactions CrooksSER went from over 30 s to 2.6 s.
pred CTser[co: Txn -> Txn, t: Txn] {
  all x: rset[t] | x.(maxIn[co, co.t & writersOf[x]].writes) = x.(t.reads)
}
-- Snapshot Isolation: t reads one earlier state, and what it writes has not changed since
-- (as Crooks et al. state it; `CTsi` below is the same test without the choice of s)
pred CTsiByState[co: Txn -> Txn, t: Txn] {
  some s: co.t | complete[co, t, s] and noConf[co, t, s]
}
-- Snapshot Isolation with sessions: the read state also follows t's session predecessors
pred CTsessionSIByState[co: Txn -> Txn, t: Txn] {
  some s: co.t | so.t in s + co.s and complete[co, t, s] and noConf[co, t, s]
}

-- The same tests without choosing s. Writes are unique (W2), so each read of t has one
-- source w_x, and complete[co, t, s] says w_x is at or before s and the next writer of x
-- after w_x (if any) is after s; noConf says every writer of wset[t] before t is at or
-- before s. So a state s fits exactly when it lies at or after every transaction of a
-- lower set (the sources, those writers, and for sessions so.t) and before t and before
-- each source's next writer. In a total order such an s exists iff the lower set's
-- maximum is before all of those upper ones: the lower set comes before t, and no writer
-- of x after w_x is at or before a transaction of the lower set. Choosing s per t cost
-- n^2 choices over n^2 order bits; this is n^2 per t, and CrooksSI at 200 transactions
-- went from minutes to seconds. `frameworks.als` checks the two forms agree.
pred readStateAfter[co: Txn -> Txn, t: Txn, lower: set Txn] {
  let sources = wr.t, below = lower + sources.Obj |
    below in co.t and
    all x: rset[t] | no writersOf[x] & (sources.x).co & (below + co.below)
}
pred CTsi[co: Txn -> Txn, t: Txn] { readStateAfter[co, t, co.t & writersOf[wset[t]]] }
pred CTsessionSI[co: Txn -> Txn, t: Txn] {
  readStateAfter[co, t, so.t + (co.t & writersOf[wset[t]])]
}

-- an execution: a total order with T0 first
pred executionOrder[co: Txn -> Txn] { strictTotalOrder[co] and T0 -> Normal in co }

---------------------------------------------------------------------------------------
-- Levels of a history

pred CrooksRC { some co: Txn -> Txn | executionOrder[co] and all t: Normal | CTrc[co, t] }
pred CrooksSER { some co: Txn -> Txn | executionOrder[co] and all t: Normal | CTser[co, t] }
pred CrooksSI { some co: Txn -> Txn | executionOrder[co] and all t: Normal | CTsi[co, t] }
pred CrooksSessionSER {
  some co: Txn -> Txn | executionOrder[co] and so in co and all t: Normal | CTser[co, t]
}
pred CrooksSessionSI {
  some co: Txn -> Txn | executionOrder[co] and so in co and all t: Normal | CTsessionSI[co, t]
}
