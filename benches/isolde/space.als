-- The search space of the Isolde paper's benchmark (Barros et al.), for
-- `cargo bench --bench isolde`, and the one level the library does not have.
--
-- Isolde synthesizes histories of exactly N transactions besides the initial one, over
-- exactly 5 objects and 5 values (the initial value among them); `num_txn` in the
-- paper's figures is N (Isolde's HistoryAtoms: transaction atoms t0..tN, t0 initial).
-- solder's `Txn` scope counts the same way: `exactly 3 Txn` is three transactions
-- besides T0. So a problem at N transactions is
--
--   run { isoldeSpace and <positive> and not <negative> }
--     for exactly N Txn, exactly 5 Obj, exactly 5 Val
--
-- The bench writes these commands itself (after this file's text); the file alone has
-- none.
--
-- Isolde's history encoding (DefaultHistorySynthesisEncoder) against the library's
-- well-formedness (the reference's section 1, W1-W10):
--   W1-W5, W9  the same constraints (Isolde gets W9 from its fixed order on
--              transaction atoms, a symmetry break);
--   W6, W7     Isolde's search-space choices, added here: no empty transactions, no
--              blind writes;
--   W8         sessions. Isolde lets the session order be any transitive relation
--              inside its atom order with T0 first (so a transaction may follow two
--              unrelated ones); the library requires sessions to be disjoint chains,
--              as the papers do. solder's space is a subset of Isolde's: an Isolde
--              UNSAT stays UNSAT, an Isolde SAT could become UNSAT if every witness
--              needed a non-chain session order;
--   read order the library's `ro` (for Read Committed) is free here: no level of the
--              benchmark looks at it.

open isolation

-- Isolde's W6 and W7
pred isoldeSpace {
  noEmptyTransactions
  noBlindWrites
}

-- Isolde's update serializability in Cerone's framework (`UpdateSer__c`:
-- FeketeReadOnlyAnomaly.updateSer(CeroneExecution)): an abstract execution satisfying
-- EXT and SESSION on the whole history (the Cerone module adds these to every level)
-- whose visibility is total on the update transactions (TOTAL_VIS on the sub-history of
-- T0 and the transactions that write)
pred CeroneUpdateSerAx[vis, ar: Txn -> Txn] {
  CeroneRAax[vis, ar]
  all disj a, b: Updates | a -> b in vis + ~vis
}

pred CeroneUpdateSer { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneUpdateSerAx[vis, ar] }
