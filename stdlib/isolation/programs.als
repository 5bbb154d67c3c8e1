module isolation/programs

-- Application programs under weak isolation: can the transactions of a program set
-- produce a non-serializable execution under a consistency model? After Nagar and
-- Jagannathan, "Automated Detection of Serializability Violations under Weak
-- Consistency" (CONCUR 2018).
--
-- A database is a set of records (`Rec`; each table extends it). A location is a pair
-- record -> column; only columns some program updates are locations (`Field`), plus
-- `Alive` when rows are inserted or deleted. Columns nothing updates never change, so
-- they are ordinary fields of the table's sig and reading them conflicts with nothing.
--
-- A program is a set of statements (`Stmt`, one atom each) that say which columns they
-- read and write of the records they select, and which their WHERE clause reads of
-- every record it is evaluated on. A transaction instance (`Inst`; each program extends
-- it, with its parameters as fields) says which statements ran (`ran`), which records
-- each one's WHERE clause was evaluated on (`cand`) and which it selected (`sel`).
-- Values of mutable columns are abstracted: a comparison of them may go either way, so a
-- WHERE clause over them selects some of its candidates (generated models say which it
-- must select) and an IF over them may go either way. So every execution of the real
-- programs is an execution here (bounded absence is sound); a violation found here may
-- need values the real programs cannot produce. Statements inside FOREACH loops select
-- per iteration, in fields of the program's sig.
--
-- An abstract execution is (vis, ar): `ar` a strict total order over the instances,
-- `vis` inside it. A read of a location sees the ar-last visible writer, or the initial
-- value when none is visible (`source`). The dependency graph: WR (read from), WW (ar-
-- ordered writers of a location), RW (a read of a version another instance overwrote).
-- The execution is conflict-serializable iff that graph is acyclic. A consistency model
-- is a pred over (vis, ar), named `Exec` and the level: ExecRA, ExecCC, ExecPC, ExecPSI,
-- ExecSI, ExecSER; Read Committed (ExecRC) also takes a snapshot per statement (`snap`)
-- and its dependency graph reads them (`cycleAt`).
--
-- Bounded search: `some vis, ar: Inst -> Inst | execution[vis, ar] and ExecPSI[vis, ar]
-- and cycle[vis, ar]` with `for K Inst` asks for a dependency cycle through at most K
-- instances. Dropping an instance from an execution only adds edges among the rest (a
-- read that saw it now sees an older version), so K instances find every cycle of length
-- K or less. Completeness and the inductive check use `possibleDeps`, an
-- over-approximation of the graph closed under taking sub-executions; see
-- `chordlessPath`, `dangerousStart` and `inductive`.
--
-- Exact rows (generated models' `seen` pred, on by default in `solder programs`) tie
-- what statements select to what their snapshot holds (`alive`). That excludes
-- executions the programs cannot produce, but what an instance selects then depends on
-- the instances it sees, so dropping instances is no longer harmless: with exact rows,
-- K instances cover executions of K instances, and the completeness checks stay on the
-- abstraction above.

abstract sig Rec {}
abstract sig Field {}
-- whether a record exists: written by INSERT and DELETE, read by every WHERE clause on a
-- table with inserts or deletes
one sig Alive extends Field {}

abstract sig Stmt {
  -- columns it reads of every record it selects
  reads: set Field,
  -- columns it writes of every record it selects
  writes: set Field,
  -- columns its WHERE clause reads of every record it is evaluated on
  scans: set Field
}

-- statements that insert the records they select; the other writers of `Alive` delete
sig Inserts in Stmt {}
-- the records that exist before any instance runs (used by `alive`)
sig InitiallyAlive in Rec {}

abstract sig Inst {
  -- the statements this instance executed
  ran: set Stmt,
  -- per statement, the records its WHERE clause was evaluated on
  cand: Stmt -> Rec,
  -- per statement, the records it selected (and read or wrote)
  sel: Stmt -> Rec,
  -- the records it leaves existing: its last INSERT or DELETE of each was an INSERT
  -- (generated models define it from the statements' order)
  inserted: set Rec,
  -- the locations it reads only after writing them itself (a statement that ran
  -- before, all its iterations done, wrote them): it reads its own version there,
  -- which depends on no other instance (generated models define it)
  own: Rec -> Field
} {
  sel in cand
  cand.Rec in ran
}

---------------------------------------------------------------------------------------
-- Locations an instance reads and writes

-- (its reads of its own writes, `own`, read no other instance's version)
fun rd[t: Inst]: Rec -> Field { ~(t.sel).reads + ~(t.cand).scans - t.own }
fun wt[t: Inst]: Rec -> Field { ~(t.sel).writes }

-- pairs of distinct instances that write a common location
fun conflicts: Inst -> Inst { { a, b: Inst | a != b and some wt[a] & wt[b] } }
-- a reads a location that b writes
fun readsWrites: Inst -> Inst { { a, b: Inst | a != b and some rd[a] & wt[b] } }

---------------------------------------------------------------------------------------
-- Executions

pred execution[vis, ar: Inst -> Inst] {
  pred/strictTotalOrder[ar, Inst]
  vis in ar
}

-- the instance whose write of r.f instance t reads: the ar-last visible writer (none:
-- the initial value)
fun source[vis, ar: Inst -> Inst, t: Inst, r: Rec, f: Field]: lone Inst {
  let ws = { w: vis.t | r -> f in wt[w] } | ws - ar.ws
}

-- the records t's snapshot holds: the ar-last writer of a record's `Alive` visible to
-- t left it existing, or none is visible and the record existed initially. Generated
-- models use it for exact rows: statements select only records their snapshot holds.
fun alive[vis, ar: Inst -> Inst, t: Inst]: set Rec {
  { r: Rec | let w = source[vis, ar, t, r, Alive] |
      (some w implies r in w.inserted else r in InitiallyAlive) }
}

-- w -> u: writer u of r.f read the version w wrote (the chain of versions of r.f: a
-- counter's values grow along it)
fun readsFrom[vis, ar: Inst -> Inst, r: Rec, f: Field]: Inst -> Inst {
  { w, u: Inst | r -> f in wt[u] & rd[u] and w = source[vis, ar, u, r, f] }
}

-- w -> t: t reads a location from w (w is its `source`: a visible writer with no later
-- visible one; stated without the set difference, which costs the bounded search of
-- TPC-C under SI a third of its clauses)
fun WR[vis, ar: Inst -> Inst]: Inst -> Inst {
  { w, t: Inst | w in vis.t and some r: Rec, f: Field |
      r -> f in rd[t] & wt[w] and noLaterVisible[vis, ar, t, w, r, f] }
}

-- a -> b: both write a location, a before b in ar
fun WW[ar: Inst -> Inst]: Inst -> Inst { conflicts & ar }

-- t -> b: t reads a version of a location that b overwrites (every writer t sees, so
-- its `source` too, precedes b)
fun RW[vis, ar: Inst -> Inst]: Inst -> Inst {
  { t, b: Inst | t != b and some r: Rec, f: Field | r -> f in rd[t] & wt[b] and
      (all w: vis.t | r -> f in wt[w] implies w -> b in ar) }
}

fun dep[vis, ar: Inst -> Inst]: Inst -> Inst { WR[vis, ar] + WW[ar] + RW[vis, ar] }

-- the dependency graph has a cycle: the execution is not conflict-serializable
pred cycle[vis, ar: Inst -> Inst] { some ^(dep[vis, ar]) & iden }

---------------------------------------------------------------------------------------
-- Consistency models

-- Read Atomic: a transaction sees all of another's writes or none (vis is per
-- transaction), nothing more
pred ExecRA[vis, ar: Inst -> Inst] {}
-- Causal Consistency: visibility is transitive
pred ExecCC[vis, ar: Inst -> Inst] { vis.vis in vis }
-- Prefix Consistency: a transaction that sees t sees everything arbitrated before t
pred ExecPC[vis, ar: Inst -> Inst] { ar.vis in vis }
-- Parallel Snapshot Isolation: causal, and of two writers of a location one sees the
-- other
pred ExecPSI[vis, ar: Inst -> Inst] { ExecCC[vis, ar] and conflicts & ar in vis }
-- Snapshot Isolation: prefix, and of two writers of a location one sees the other
pred ExecSI[vis, ar: Inst -> Inst] { ExecPC[vis, ar] and conflicts & ar in vis }
-- Serializability: every transaction sees everything before it
pred ExecSER[vis, ar: Inst -> Inst] { vis = ar }

-- pairs of distinct instances that write a common record (any of its columns, or its
-- existence)
fun rowConflicts: Inst -> Inst { { a, b: Inst | a != b and some wt[a].Field & wt[b].Field } }
-- PostgreSQL's Repeatable Read (`postgres-rr`): snapshot isolation whose write conflicts
-- are per row, not per column. A transaction that updates or deletes a row which a
-- concurrent transaction changed and committed fails ("could not serialize access due
-- to concurrent update"; PostgreSQL's manual, "Transaction Isolation"), so of two
-- committed writers of a row one sees the other.
pred ExecPostgresRR[vis, ar: Inst -> Inst] { ExecSI[vis, ar] and rowConflicts & ar in vis }

-- keys are enforced, as a real database does: an INSERT of a record that exists when it
-- runs fails, whatever the snapshot holds (the unique index sees every committed row,
-- and waits for an uncommitted one). So where every instance commits, the ar-last
-- writer of the record's `Alive` before the inserting instance left it deleted, or none
-- wrote it and it did not exist initially — unless a statement of the instance before
-- the INSERT (`po`) inserted or deleted it itself. Not closed under sub-executions (an
-- instance between may have deleted the record), so only the bounded search states it.
pred keysEnforced[ar: Inst -> Inst, po: Stmt -> Stmt] {
  all t: Inst, s: t.ran & Inserts, r: s.(t.sel) - Stmt.(((po.s) & writes.Alive) <: t.sel) |
    let ws = { w: ar.t | r -> Alive in wt[w] }, w = ws - ar.ws |
      (some w implies r not in w.inserted else r not in InitiallyAlive)
}

-- selective serializability: instances of a and b see each other as ar orders them
pred serializableBetween[vis, ar: Inst -> Inst, a, b: set Inst] {
  (a -> b + b -> a) & ar in vis
}

---------------------------------------------------------------------------------------
-- Read Committed: a snapshot per statement

-- `snap` holds t -> s -> w when statement s of instance t reads from a snapshot that
-- holds w's writes. Each statement reads the instances committed when it starts: a
-- prefix of ar (the commit order) before its own instance, and a later statement of the
-- instance (`po`, program order) a prefix at least as long. An instance's writes become
-- visible at its commit: other instances see all of them or none, as under every level
-- here. `vis` is what the instance saw by its end (its statements' snapshots together).
-- Every such execution meets Biswas and Enea's Read Committed axiom (a read never sees
-- a version older than one an earlier read of its transaction saw, ar being the commit
-- order); the snapshots are PostgreSQL's per-statement ones (a statement sees every
-- commit before the latest it sees).
pred ExecRC[vis, ar: Inst -> Inst, snap: Inst -> Stmt -> Inst, po: Stmt -> Stmt] {
  all t: Inst {
    (t.snap).Inst in t.ran
    vis.t = Stmt.(t.snap)
    all s: t.ran | let v = s.(t.snap) | v in ar.t and ar.v in v
    all s1, s2: t.ran | s1 -> s2 in po implies s1.(t.snap) in s2.(t.snap)
  }
}

-- the locations statement s of instance t reads from its snapshot: those no statement
-- of t before it (`po`) wrote, whose own version it reads otherwise
fun rdAt[t: Inst, s: Stmt, po: Stmt -> Stmt]: Rec -> Field {
  s.(t.sel) -> s.reads + s.(t.cand) -> s.scans - ~((po.s) <: t.sel).writes
}

-- the instance whose write of r.f statement s of t reads: the ar-last writer its
-- snapshot holds (none: the initial value)
fun sourceAt[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, t: Inst, s: Stmt, r: Rec, f: Field]: lone Inst {
  let ws = { w: s.(t.snap) | r -> f in wt[w] } | ws - ar.ws
}

-- the rows statement s of t reads at their newest committed version rather than from its
-- snapshot: with the engine's UPDATEs and DELETEs in `latest` (empty for the generic
-- level), those its earlier such statements changed (the instance's own version of the
-- row is made from the newest one, whose lock the instance holds until it commits)
fun changedBefore[t: Inst, s: Stmt, po: Stmt -> Stmt, latest: set Stmt]: set Rec {
  ((po.s) & latest).(t.sel)
}

-- the instance whose write of r.f is the newest before t commits (none: the initial value)
fun newestSource[ar: Inst -> Inst, t: Inst, r: Rec, f: Field]: lone Inst {
  let ws = { w: ar.t | r -> f in wt[w] } | ws - ar.ws
}

-- the records statement s of t finds in its snapshot (as `alive`, per statement), the
-- rows changed before it at their newest version
fun aliveAt[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, t: Inst, s: Stmt, po: Stmt -> Stmt, latest: set Stmt]: set Rec {
  { r: Rec | let w = (r in changedBefore[t, s, po, latest] => newestSource[ar, t, r, Alive]
                      else sourceAt[snap, ar, t, s, r, Alive]) |
      (some w implies r in w.inserted else r in InitiallyAlive) }
}

-- the locations statement s of t reads at their newest committed version rather than
-- from its snapshot: with s in `latest`, those of the records it changes (PostgreSQL's
-- Read Committed UPDATE and DELETE wait for a concurrent writer of the row to end, then
-- read the row again), and those of the rows changed before it (`changedBefore`);
-- `latest` is empty for the generic level
fun rdLatest[t: Inst, s: Stmt, po: Stmt -> Stmt, latest: set Stmt]: Rec -> Field {
  ((s & latest).(t.sel) + changedBefore[t, s, po, latest]) <: rdAt[t, s, po]
}

-- WR and RW with each statement reading its own snapshot, or for `rdLatest` every
-- instance before its own (all of them committed before it changed the row); WW is the
-- same as with one snapshot per instance (writes are installed at commit, in ar order)
fun WRat[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, po: Stmt -> Stmt, latest: set Stmt]: Inst -> Inst {
  { w, t: Inst | some s: t.ran, r: Rec, f: Field | r -> f in wt[w] and (
      (w in s.(t.snap) and r -> f in rdAt[t, s, po] - rdLatest[t, s, po, latest] and
        (no u: s.(t.snap) | r -> f in wt[u] and w -> u in ar)) or
      (w in ar.t and r -> f in rdLatest[t, s, po, latest] and
        (no u: ar.t | r -> f in wt[u] and w -> u in ar))) }
}
fun RWat[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, po: Stmt -> Stmt, latest: set Stmt]: Inst -> Inst {
  { t, b: Inst | t != b and some s: t.ran, r: Rec, f: Field | r -> f in wt[b] and (
      (r -> f in rdAt[t, s, po] - rdLatest[t, s, po, latest] and
        (all w: s.(t.snap) | r -> f in wt[w] implies w -> b in ar)) or
      (r -> f in rdLatest[t, s, po, latest] and t -> b in ar)) }
}

-- the dependency graph of per-statement snapshots has a cycle
pred cycleAt[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, po: Stmt -> Stmt, latest: set Stmt] {
  some ^(WRat[snap, ar, po, latest] + WW[ar] + RWat[snap, ar, po, latest]) & iden
}

-- PostgreSQL's Read Committed (`postgres-rc`): Read Committed in which an UPDATE or
-- DELETE (`latest`) takes the row lock of each row it changes, waiting for a concurrent
-- writer of the row to commit, and then reads the row's newest version (PostgreSQL's
-- manual, "Transaction Isolation", Read Committed Isolation Level): no lost update.
-- Of two instances changing a common row, the one first in ar (commit order) changed it
-- first, so its changing statement's snapshot is no later than the other's; the
-- statements after a changing statement see every instance it waited for; a row whose
-- newest version is deleted is skipped, so a changed row exists at its newest version.
pred ExecPostgresRC[vis, ar: Inst -> Inst, snap: Inst -> Stmt -> Inst, po: Stmt -> Stmt, latest: set Stmt] {
  ExecRC[vis, ar, snap, po]
  all u, t: Inst, su: u.ran, s: t.ran |
    (u -> t in ar and some su.writes and some s.writes and some su.(u.sel) & s.(t.sel))
      implies su.(u.snap) in s.(t.snap)
  all t: Inst, s: t.ran & latest, s2: t.ran | s -> s2 in po implies
    { u: ar.t | some wt[u] & (s.(t.sel) -> Field) } in s2.(t.snap)
  all t: Inst, s: t.ran & latest, r: s.(t.sel) |
    let ws = { w: ar.t | r -> Alive in wt[w] }, w = ws - ar.ws | some w implies r in w.inserted
}

-- MySQL's (InnoDB's) Repeatable Read (`mysql-rr`), transactions started with START
-- TRANSACTION WITH CONSISTENT SNAPSHOT. Plain reads are consistent reads of one
-- snapshot, taken when the transaction starts; UPDATE, DELETE and INSERT are locking
-- reads of the newest committed version of what they read, waiting for concurrent
-- writers to commit; and a changed row is read afterwards in the instance's own version,
-- made from the newest one (MySQL 8.0 Reference Manual, "Consistent Nonlocking Reads":
-- "the snapshot of the database state applies to SELECT statements within a
-- transaction, not necessarily to DML statements"; "Locking Reads"). No first updater
-- wins: a write on a stale read commits (the lost update). `latest` holds the UPDATEs
-- and DELETEs (`changedBefore`).
pred ExecMySQLRR[vis, ar: Inst -> Inst, snap: Inst -> Stmt -> Inst, po: Stmt -> Stmt, latest: set Stmt] {
  all t: Inst {
    (t.snap).Inst in t.ran
    vis.t = Stmt.(t.snap)
    all s: t.ran | let v = s.(t.snap) | v in ar.t and ar.v in v
    all s: t.ran & writes.Field | s.(t.snap) = ar.t
    all s1, s2: t.ran - writes.Field | s1.(t.snap) = s2.(t.snap)
  }
}

---------------------------------------------------------------------------------------
-- Sessions

-- `so` orders the instances of each client's session (`--sessions`): chains inside ar.
-- A session's instance sees those before it (read your writes, monotonic reads: Cerone
-- et al.'s SESSION axiom, `so in vis`), and a serial order must keep each session's
-- order, so `so` joins the dependency graph (`cycleSo`).
pred sessionOrder[ar, so: Inst -> Inst] {
  so in ar
  so.so in so
  all t: Inst | (so.t -> so.t) & ar in so and (t.so -> t.so) & ar in so
}

-- the dependency graph with the sessions' order has a cycle
pred cycleSo[vis, ar, so: Inst -> Inst] { some ^(dep[vis, ar] + so) & iden }

-- Read Committed with sessions: every statement's snapshot holds its session's earlier
-- instances, and the graph of per-statement snapshots with `so` has a cycle
pred sessionSnapshots[snap: Inst -> Stmt -> Inst, so: Inst -> Inst] {
  all t: Inst, s: t.ran | so.t in s.(t.snap)
}
pred cycleAtSo[snap: Inst -> Stmt -> Inst, ar: Inst -> Inst, po: Stmt -> Stmt, so: Inst -> Inst, latest: set Stmt] {
  some ^(WRat[snap, ar, po, latest] + WW[ar] + RWat[snap, ar, po, latest] + so) & iden
}

---------------------------------------------------------------------------------------
-- Completeness of the bounded search

-- no writer of r.f that t sees comes after w in ar: w's version (or a later one of
-- w's) is what t reads, or t's version is older than w's
pred noLaterVisible[vis, ar: Inst -> Inst, t, w: Inst, r: Rec, f: Field] {
  no u: vis.t | r -> f in wt[u] and w -> u in ar
}

-- A graph that could be the dependency graph of the execution (vis, ar) or of any
-- execution it is a sub-execution of. Each wr or rw edge has a location whose writers
-- visible to the reader allow it (a reader sees the ar-last visible writer; a version
-- a reader read is older than every later writer's); the edges every such graph has
-- are there (two writers of a location are WW-ordered by ar; a read is RW-before every
-- later writer of its location). Every condition mentions only the instances it
-- relates and the writers visible to the reader, and each visible writer present in a
-- sub-execution was present in the whole: so the real graph of any execution, restricted
-- to a sub-execution's instances, satisfies this pred for the sub-execution.
pred possibleDeps[vis, ar, wr, ww, rw: Inst -> Inst] {
  wr in { w, t: Inst | w in vis.t and some r: Rec, f: Field |
            r -> f in wt[w] & rd[t] and noLaterVisible[vis, ar, t, w, r, f] }
  ww in ar & conflicts
  rw in { t, w: Inst | t != w and w not in vis.t and some r: Rec, f: Field |
            r -> f in rd[t] & wt[w] and noLaterVisible[vis, ar, t, w, r, f] }
  ar & conflicts in ww
  ar & readsWrites in rw
}

-- `path` orders every instance along a dependency path with no chord: each instance
-- has an edge to the next, and no other edges, except from the last to the first. A
-- shortest cycle through more than K instances has one through K + 1 of them, so when
-- no execution of K + 1 instances has one (and no cycle of K or fewer exists), there
-- is no cycle at all.
pred chordlessPath[wr, ww, rw, path: Inst -> Inst] {
  pred/strictTotalOrder[path, Inst]
  let d = wr + ww + rw, next = path - path.path,
      first = Inst - Inst.path, last = Inst - path.Inst |
    next in d and d in next + last -> first
}

-- The path (of three instances or more) starts with two anti-dependencies between
-- concurrent instances: first -rw-> second -rw-> third, first not visible to second nor
-- second to third (an RW edge itself keeps the writer invisible to the reader).
-- Under SI, and so under SER, every dependency cycle has two such adjacent edges (after
-- Fekete et al., "Making Snapshot Isolation Serializable", 2005). Proof: call an RW edge
-- concurrent when its reader is invisible to its writer, and let D be the other edges:
-- WR (a reader sees its writer), WW (SI makes conflicting writers see one another in ar
-- order) and the other RW edges are all inside vis. If a -vis-> t -rw-> b and b is not
-- after a in ar, then b is a, or prefix consistency makes t see b; either way t sees a
-- writer of the location at or after b, so it did not read a version b overwrote. So
-- vis ; RW lies inside ar, and a cycle without two adjacent concurrent RW edges splits
-- into steps D ; RW? that each go forward in ar, which is impossible. A shortest cycle
-- through more than K instances thus has a chordless path through K + 1 of them that
-- starts at such a pair: under SI the chordless-path argument may ask for this shape only.
pred dangerousStart[vis, rw, path: Inst -> Inst] {
  let next = path - path.path, first = Inst - Inst.path, second = first.next,
      third = second.next |
    some third and first -> second + second -> third in rw - vis
}

-- Every dependency path that starts at an instance of `start` follows ar: a dependency
-- edge from it goes forward, and an edge that leaves a later instance stays after it.
-- When this holds in every execution of three instances, no cycle passes through
-- `start`.
pred inductive[ar, wr, ww, rw: Inst -> Inst, start: set Inst] {
  let d = wr + ww + rw | start <: d in ar and (start <: ar).d in ar
}
