module isolation/biswas

-- Axiomatic isolation levels of Biswas and Enea, "On the Complexity of Checking
-- Transactional Consistency" (OOPSLA 2019), as encoded by Isolde.
--
-- A history satisfies a level when some commit order co (a total order extending the
-- session order and write-read, `commitOrder`) satisfies the level's axiom. Every axiom
-- but Conflict says: if t3 reads x from t1, and t2 also writes x and is "known" to t3
-- (t2 -> t3 in a premise relation P), then t2 commits before t1; otherwise t3 should
-- have read t2's value or a later one. So an axiom is `forced[P] in co`.
--
-- Each level comes twice: the axiom over a given commit order (`SIax[co]`), and the
-- level of a history (`SI`), which asks for some commit order satisfying it.

open isolation/histories

-- the commit-order edges t2 -> t1 that premise P forces: t3 reads some x from t1, t2
-- writes x, and t2 -> t3 in P
fun forced[P: Txn -> Txn]: Txn -> Txn {
  { t2, t1: Txn | t1 != t2 and some x: wset[t2], t3: x.(t1.wr) | t2 -> t3 in P }
}

-- Read Committed's forced edges, over the read order: t3 reads x from t1 after
-- reading some y from t2, and t2 writes x
fun forcedRC: Txn -> Txn {
  { t2, t1: Txn | t1 != t2 and some x: wset[t2], t3: x.(t1.wr), y: t2.wr.t3 | y -> x in t3.ro }
}

---------------------------------------------------------------------------------------
-- Axioms over a commit order

-- Read Committed: a transaction does not read older versions than those it read before
-- (needs the read order `ro`; without one it is well-formedness only)
pred RCax[co: Txn -> Txn] { forcedRC in co }

-- Read Atomic: a transaction sees the writes of those it directly follows or reads from
-- completely
pred RAax[co: Txn -> Txn] { forced[so + WR] in co }

-- Causal: as Read Atomic, for the whole causal past
pred CCax[co: Txn -> Txn] { forced[causal] in co }

-- Prefix: what a transaction sees is a prefix of the commit order
pred PCax[co: Txn -> Txn] { forced[*co . (so + WR)] in co }

-- Conflict: a transaction sees every transaction that commits before a writer
-- conflicting with it
pred ConflictAx[co: Txn -> Txn] { forced[*co . (co & conflict)] in co }

-- Snapshot Isolation: Prefix and Conflict
pred SIax[co: Txn -> Txn] { PCax[co] and ConflictAx[co] }

-- Serializability: a transaction sees every transaction that commits before it
pred SERax[co: Txn -> Txn] { forced[co] in co }

-- Isolde's update serializability: the Serializability axiom for readers that write
-- (read-only transactions only need a commit order)
pred UpdateSerAx[co: Txn -> Txn] { forced[co :> Updates] in co }

---------------------------------------------------------------------------------------
-- Levels of a history

pred RC { some co: Txn -> Txn | commitOrder[co] and RCax[co] }
pred RA { some co: Txn -> Txn | commitOrder[co] and RAax[co] }
pred CC { some co: Txn -> Txn | commitOrder[co] and CCax[co] }
pred PC { some co: Txn -> Txn | commitOrder[co] and PCax[co] }
pred SI { some co: Txn -> Txn | commitOrder[co] and SIax[co] }
pred SER { some co: Txn -> Txn | commitOrder[co] and SERax[co] }
pred UpdateSer { some co: Txn -> Txn | commitOrder[co] and UpdateSerAx[co] }

-- For Read Atomic and Causal the forced edges depend on the history alone, and a total
-- order containing a relation exists exactly when the relation is acyclic: the
-- first-order (polynomial) forms of Biswas and Enea
pred RAsat { acyclic[so + WR + forced[so + WR]] }
pred CCsat { acyclic[causal + forced[causal]] }
