module isolation/histories

-- Histories of transactions over a key-value store.
--
-- A transaction is abstracted to its external reads (the first read of each object,
-- before any write of its own to it) and its final writes (the last write of each
-- object): the transaction abstraction of Cerone, Bernardi and Gotsman (CONCUR 2015),
-- which Isolde (Barros et al.) uses. Reads of a transaction's own writes are assumed to
-- see them (Cerone's INT axiom is built into the model). The initial state is written by
-- an initial transaction T0, which session-precedes every other transaction.
--
-- Scopes follow Isolde: T0 comes on top of Txn's scope, so `for 5` means five
-- transactions besides T0, five objects and five values (the initial value v0 among
-- them), and `exactly 3 Txn` means exactly three transactions besides T0.
--
-- Well-formedness (the fact `wellFormedHistory`) is the conjunction of the named preds
-- below: W1-W5, W8 (with sessions as disjoint chains) and W9, numbered after the
-- constraints of Isolde's history encoding, and the shape of the read order. Isolde's
-- search-space choices W6 and W7 (no empty transactions, no blind writes) are preds a
-- command may add. The read order
-- `ro` matters only to Read Committed (Biswas and Enea's RC, Plume's TAP-h and TAP-i);
-- every other level ignores it. Witnesses of isolation levels are relations over Txn: a
-- commit order (`commitOrder`), an abstract execution (`absExec`), a version order
-- (`vorder`).

sig Obj {}
sig Val {}
-- the initial value of every object
one sig v0 extends Val {}

sig Txn {
  -- external reads: t.reads has x -> v when t's first read of x returned v
  reads: Obj -> Val,
  -- final writes: t.writes has x -> v when t's last write to x wrote v
  writes: Obj -> Val,
  -- session order: t.so are the transactions after t in its session (T0 precedes all)
  so: set Txn,
  -- read order: t.ro has x -> y when t's external read of x comes before that of y
  ro: Obj -> Obj
}

-- the initial transaction, outside Txn's scope
one sig T0 extends Txn {}
fact { pred/outsideScope[T0] }

---------------------------------------------------------------------------------------
-- Sets and relations derived from a history

-- the transactions other than T0
fun Normal: set Txn { Txn - T0 }

-- the objects t writes / reads
fun wset[t: Txn]: set Obj { t.writes.Val }
fun rset[t: Txn]: set Obj { t.reads.Val }

-- the transactions that write / read some object of xs
fun writersOf[xs: set Obj]: set Txn { (writes.Val).xs }
fun readersOf[xs: set Obj]: set Txn { (reads.Val).xs }

-- the transactions that write something
fun Updates: set Txn { writes.Val.Obj }

-- write-read on an object: t -> x -> s when s reads from x the value t wrote (t != s).
-- The bounds of x and s only skip what the condition rules out; they keep a fixed
-- history's translation proportional to its reads, not to Txn x Obj x Txn.
fun wr: Txn -> Obj -> Txn {
  { t: Txn, x: wset[t], s: readersOf[x] - t | some x.(t.writes) & x.(s.reads) }
}

-- write-read between transactions: s reads some object from t
fun WR: Txn -> Txn { { t, s: Txn | some t.wr.s } }

-- causal order: session order and write-read, transitively (Plume's CO)
fun causal: Txn -> Txn { ^(so + WR) }

-- distinct transactions writing a common object (a symmetric relation)
fun conflict: Txn -> Txn { { t, s: Txn | t != s and some wset[t] & wset[s] } }

-- write-write for a version order vo: t's version of a common object precedes s's
fun WW[vo: Txn -> Txn]: Txn -> Txn { vo & conflict }

-- read-write (anti-dependency) for a version order vo: s read a version of x that b,
-- another transaction, overwrote later
fun RW[vo: Txn -> Txn]: Txn -> Txn {
  { s, b: Txn | s != b and some x: rset[s] & wset[b], t: wr.s.x | t -> b in vo }
}

-- the r-greatest elements of ts (the greatest one when r is a total order)
fun maxIn[r: Txn -> Txn, ts: set Txn]: set Txn { ts - r.ts }

-- r has no cycle
pred acyclic[r: Txn -> Txn] { no ^r & iden }

-- r is a strict total order on Txn
pred strictTotalOrder[r: Txn -> Txn] {
  -- irreflexive, transitive, total on Txn; the builtin is one node so that solder can fix
  -- a commit order over interchangeable transactions to atom order (Isolde's fixed
  -- commit order)
  pred/strictTotalOrder[r, Txn]
}

---------------------------------------------------------------------------------------
-- Well-formedness

-- W1: T0 writes the initial value to every object and reads nothing; no other
-- transaction writes the initial value
pred initialState {
  T0.writes = Obj -> v0
  no T0.reads
  no Normal.writes.v0
}

-- W2: every value of an object is written by at most one transaction, so a read
-- determines its writer ("differentiated histories")
pred uniqueWrites { all x: Obj, v: Val | lone writes.v.x }

-- W3: at most one external read and one final write per transaction and object
pred oneReadOneWrite { all t: Txn, x: Obj | lone x.(t.reads) and lone x.(t.writes) }

-- W4 (and W5, since wr excludes t = s): every read returns a value another
-- transaction wrote
pred noThinAirReads { all s: Normal, x: rset[s] | some wr.s.x }

-- W8: the session order is a strict partial order with T0 first, and the sessions are
-- disjoint chains: the predecessors (besides T0) and the successors of a transaction
-- are each totally ordered
pred sessions {
  no so & iden
  so.so in so
  T0 -> Normal in so
  all t: Normal | inSession[so.t - T0] and inSession[t.so]
}

-- the transactions ts are totally ordered by so
pred inSession[ts: set Txn] { all disj a, b: ts | a -> b in so + ~so }

-- W9: session order and write-read have no cycle together
pred noCausalCycle { acyclic[so + WR] }

-- a transaction's read order is a strict total order on the objects it reads
pred readOrder {
  all t: Txn | let r = t.ro {
    r in rset[t] -> rset[t]
    no r & iden
    r.r in r
    all disj x, y: rset[t] | x -> y in r + ~r
  }
}

pred wellFormed {
  initialState
  uniqueWrites
  oneReadOneWrite
  noThinAirReads
  sessions
  noCausalCycle
  readOrder
}

fact wellFormedHistory { wellFormed }

-- W7, Isolde's choice: a normal transaction writes only objects it also reads
pred noBlindWrites { all t: Normal | wset[t] in rset[t] }

-- W6, Isolde's choice: every transaction reads or writes something
pred noEmptyTransactions { all t: Txn | some t.reads + t.writes }

-- every session holds a single transaction
pred oneTransactionPerSession { so = T0 -> Normal }

---------------------------------------------------------------------------------------
-- Witness shapes

-- a commit order (Biswas & Enea; Plume's CM): a total order extending so and WR, T0 first
pred commitOrder[co: Txn -> Txn] {
  strictTotalOrder[co]
  T0 -> Normal in co
  so + WR in co
}

-- an abstract execution (Cerone et al.): arbitration ar is a total order, T0 first;
-- visibility vis is contained in it and T0 is visible to all
pred absExec[vis, ar: Txn -> Txn] {
  strictTotalOrder[ar]
  T0 -> Normal in ar
  vis in ar
  T0 -> Normal in vis
}

-- a version order (Adya), as one total order with T0 first: on the writers of each
-- object it induces that object's version order
pred vorder[vo: Txn -> Txn] {
  strictTotalOrder[vo]
  T0 -> Normal in vo
}
