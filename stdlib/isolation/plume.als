module isolation/plume

-- Transactional anomalous patterns (TAPs) of Plume: Liu, Gu, Wei and Basin, "Plume:
-- Efficient and Complete Black-Box Checking of Weak Isolation Levels" (OOPSLA 2024),
-- after the Coq mechanisation (Mechanization/TAPs.v) and Isolde's encoding.
--
-- A level forbids a list of patterns. Patterns over the causal order CO = (so + WR)^+
-- depend on the history alone; patterns over a commit order CM take the witness co.
-- TAPs a-g and j are excluded by the history model and its well-formedness (thin-air,
-- aborted, future, own-write, intermediate reads, cyclic CO, non-repeatable reads), so
-- the levels below list only the patterns that remain. h and i need the read order `ro`.
--
-- Names: `TapH` ... `TapP` for the patterns, `TapRC`, `TapRA`, `TapRAop`, `TapCC` for
-- the levels.

open isolation/histories

---------------------------------------------------------------------------------------
-- Patterns
--
-- Each pattern binds its variables in the order the history narrows them: the reader
-- t3, an object x it reads, the writer t1 it reads x from (`wr.t3.x`), another writer
-- t2 of x, and for h-l an object y that t3 reads from t2. Stated with five unrelated
-- variables, a pattern is ground over every combination of objects and transactions,
-- which takes seconds on a 25-transaction history; bound this way, over the few that
-- can match.

-- TAP-h, non-monotonic read (CO): t3 reads y from t2 and then x from t1, t2 writes x,
-- and t1 causally precedes t2
pred TapH {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1, y: t2.wr.t3 - x |
    y -> x in t3.ro and t1 -> t2 in causal
}

-- TAP-i, non-monotonic read (CM): as h, with t1 committed before t2
pred TapI[co: Txn -> Txn] {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1, y: t2.wr.t3 - x |
    y -> x in t3.ro and t1 -> t2 in co
}

-- TAP-k, fractured read (CO): t3 reads x from t1 and y from t2, t2 writes x, and t1
-- causally precedes t2
pred TapK {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1, y: t2.wr.t3 - x |
    t1 -> t2 in causal
}

-- TAP-l, fractured read (CM): as k, with t1 committed before t2
pred TapL[co: Txn -> Txn] {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1, y: t2.wr.t3 - x |
    t1 -> t2 in co
}

-- TAP-m, causal-order conflict: t3 reads x from t1 although t2, another writer of x,
-- is causally between them
pred TapM {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1 - t3 |
    t1 -> t2 in causal and t2 -> t3 in causal
}

-- TAP-n, commit-order conflict: as m, with t1 committed before t2
pred TapN[co: Txn -> Txn] {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1 - t3 |
    t1 -> t2 in co and t2 -> t3 in causal
}

-- TAP-o: t3 reads x from t1 although its session predecessor t2 wrote x and causally
-- follows t1
pred TapO {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1 - t3 |
    t1 -> t2 in causal and t2 -> t3 in so
}

-- TAP-p: as o, with t1 committed before t2
pred TapP[co: Txn -> Txn] {
  some t3: Txn, x: rset[t3], t1: wr.t3.x, t2: writersOf[x] - t1 - t3 |
    t1 -> t2 in co and t2 -> t3 in so
}

---------------------------------------------------------------------------------------
-- Levels over a commit order

-- Read Committed (Plume's Theorem 3): no h, no i
pred TapRCax[co: Txn -> Txn] { not TapH and not TapI[co] }
-- Read Atomic as Isolde encodes it: no k, no l (weaker than RA: Isolde's result)
pred TapRAax[co: Txn -> Txn] { not TapK and not TapL[co] }
-- Read Atomic as restated in the later Coq file: no k, l, o, p
pred TapRAopAx[co: Txn -> Txn] { TapRAax[co] and not TapO and not TapP[co] }
-- Transactional Causal Consistency (Plume's Theorem 5): no k, l, m, n
pred TapCCax[co: Txn -> Txn] { TapRAax[co] and not TapM and not TapN[co] }

---------------------------------------------------------------------------------------
-- Levels of a history

pred TapRC { some co: Txn -> Txn | commitOrder[co] and TapRCax[co] }
pred TapRA { some co: Txn -> Txn | commitOrder[co] and TapRAax[co] }
pred TapRAop { some co: Txn -> Txn | commitOrder[co] and TapRAopAx[co] }
pred TapCC { some co: Txn -> Txn | commitOrder[co] and TapCCax[co] }
