module isolation/adya

-- Adya's isolation levels: Adya, "Weak Consistency: A Generalized Theory and Optimistic
-- Implementations for Distributed Transactions" (PhD thesis, MIT 1999); Adya, Liskov and
-- O'Neil, "Generalized Isolation Level Definitions" (ICDE 2000). Then the
-- dependency-graph characterisations that add the session order (Cerone and Gotsman,
-- "Analysing Snapshot Isolation", PODC 2016 / JACM 2018).
--
-- The witness is a version order, given as one total order vo with T0 first
-- (`vorder`): on the writers of each object it is that object's version order.
-- This loses nothing, since every level below forbids cycles of write-write edges, so the
-- per-object orders of any allowed history extend to one global order. Dependencies are
-- WR (write-read), WW[vo] (write-write) and RW[vo] (read-write, the anti-dependency).
-- Adya's levels ignore the session order; the `Adya...` levels with sessions add it.
-- Phenomena keep the paper's names (`G1c`, ...), levels carry the framework
-- (`AdyaPL3`, `AdyaSER`, ...). G1a and G1b (aborted and intermediate reads) cannot occur
-- in the history model; predicates are not modelled, so G2 is G2-item.

open isolation/histories

---------------------------------------------------------------------------------------
-- Phenomena, for a version order

-- G0, write cycles: a cycle of write-write edges
pred G0[vo: Txn -> Txn] { not acyclic[WW[vo]] }

-- G1c, circular information flow: a cycle of write-write and write-read edges
pred G1c[vo: Txn -> Txn] { not acyclic[WR + WW[vo]] }

-- G-single: a cycle with exactly one anti-dependency edge
pred Gsingle[vo: Txn -> Txn] { some (RW[vo] . *(WR + WW[vo])) & iden }

-- G2 (item): a cycle with one or more anti-dependency edges
pred G2[vo: Txn -> Txn] { not acyclic[WR + WW[vo] + RW[vo]] }

---------------------------------------------------------------------------------------
-- Levels over a version order

-- PL-1: no G0
pred AdyaPL1ax[vo: Txn -> Txn] { not G0[vo] }
-- PL-2: no G1 (G1c, with G0 among its cycles)
pred AdyaPL2ax[vo: Txn -> Txn] { not G0[vo] and not G1c[vo] }
-- PL-2+ (consistent view): no G1, no G-single
pred AdyaPL2plusAx[vo: Txn -> Txn] { AdyaPL2ax[vo] and not Gsingle[vo] }
-- PL-3: no G1, no G2
pred AdyaPL3ax[vo: Txn -> Txn] { AdyaPL2ax[vo] and not G2[vo] }

-- With session order, D = so + WR + WW:
-- serializability: no cycle of D and RW edges
pred AdyaSERax[vo: Txn -> Txn] { acyclic[so + WR + WW[vo] + RW[vo]] }
-- snapshot isolation: every cycle has two adjacent anti-dependencies
pred AdyaSIax[vo: Txn -> Txn] {
  let D = so + WR + WW[vo] | acyclic[D + D . (RW[vo])]
}
-- parallel snapshot isolation: every cycle has two anti-dependencies
pred AdyaPSIax[vo: Txn -> Txn] {
  let D = so + WR + WW[vo] | acyclic[D] and no (^D . (RW[vo])) & iden
}
-- prefix consistency: no cycle of D edges and anti-dependencies that directly follow
-- a session or write-read edge
pred AdyaPCax[vo: Txn -> Txn] { acyclic[so + WR + WW[vo] + (so + WR) . (RW[vo])] }

---------------------------------------------------------------------------------------
-- Levels of a history

pred AdyaPL1 { some vo: Txn -> Txn | vorder[vo] and AdyaPL1ax[vo] }
pred AdyaPL2 { some vo: Txn -> Txn | vorder[vo] and AdyaPL2ax[vo] }
pred AdyaPL2plus { some vo: Txn -> Txn | vorder[vo] and AdyaPL2plusAx[vo] }
pred AdyaPL3 { some vo: Txn -> Txn | vorder[vo] and AdyaPL3ax[vo] }
pred AdyaSER { some vo: Txn -> Txn | vorder[vo] and AdyaSERax[vo] }
pred AdyaSI { some vo: Txn -> Txn | vorder[vo] and AdyaSIax[vo] }
pred AdyaPSI { some vo: Txn -> Txn | vorder[vo] and AdyaPSIax[vo] }
pred AdyaPC { some vo: Txn -> Txn | vorder[vo] and AdyaPCax[vo] }
