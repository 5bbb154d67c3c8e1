-- The read-only transaction anomaly of Fekete, O'Neil and O'Neil ("A Read-Only
-- Transaction Anomaly Under Snapshot Isolation", SIGMOD Record 2004): under Snapshot
-- Isolation, the update transactions of a history can be serializable while the whole
-- history is not, because a read-only transaction observes an order the serialization
-- contradicts. Isolde's experiment: three transactions, one per session, two objects,
-- two values.

open isolation

-- needs CEGIS
run readOnlyAnomaly {
  SI and UpdateSer and not SER and oneTransactionPerSession
} for 3 but 2 Obj, 2 Val expect 1
-- the same without restricting the shape; needs CEGIS
run readOnlyAnomalyAnyShape { SI and UpdateSer and not SER } for 3 expect 1
-- two transactions are not enough; needs CEGIS
run readOnlyAnomalyTwoTxns { SI and UpdateSer and not SER } for 2 expect 0
-- SER implies update serializability; needs CEGIS
run serImpliesUpdateSer { SER and not UpdateSer } for 4 expect 0
-- for one commit order, the SER axiom implies the update-SER axiom
run serAxImpliesUpdateSerAx {
  some co: Txn -> Txn | commitOrder[co] and SERax[co] and not UpdateSerAx[co]
} for 4 expect 0
-- the anomaly itself, at the level of one commit order: SI's and update-SER's axioms
-- hold for it, SER's does not
run readOnlyAnomalyExecution {
  some co: Txn -> Txn | commitOrder[co] and SIax[co] and UpdateSerAx[co] and not SERax[co]
} for 3 but 2 Obj, 2 Val expect 1
