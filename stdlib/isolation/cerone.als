module isolation/cerone

-- Isolation levels over abstract executions: Cerone, Bernardi and Gotsman, "A Framework
-- for Transactional Consistency Models with Atomic Visibility" (CONCUR 2015), as
-- encoded by Isolde, with Isolde's lost-update variants.
--
-- An abstract execution adds to a history a visibility relation vis (which
-- transactions a transaction sees) inside an arbitration order ar (a total order:
-- `absExec`). A level is a set of axioms over (vis, ar); a history satisfies it when
-- some execution does. Levels are named `CeroneRA` ... `CeroneSER`; `CeroneSIax[vis, ar]`
-- and the like state a level's axioms for a given execution. INT is built into the
-- history model.

open isolation/histories

---------------------------------------------------------------------------------------
-- Axioms

-- EXT: a read returns the value of the arbitration-last visible writer of the object
-- (T0 is always visible, so there always is one)
pred EXT[vis, ar: Txn -> Txn] {
  all t: Normal, x: rset[t] | x.(maxIn[ar, vis.t & writersOf[x]].writes) = x.(t.reads)
}

-- SESSION: a transaction sees its session predecessors
pred SESSION[vis: Txn -> Txn] { so in vis }

-- PREFIX: a transaction that sees t also sees everything arbitrated before t
pred PREFIX[vis, ar: Txn -> Txn] { ar.vis in vis }

-- NOCONFLICT: of two transactions writing a common object, one sees the other
pred NOCONFLICT[vis: Txn -> Txn] { conflict in vis + ~vis }

-- TRANSVIS: visibility is transitive
pred TRANSVIS[vis: Txn -> Txn] { vis.vis in vis }

-- TOTALVIS: visibility is total (and so equals arbitration)
pred TOTALVIS[vis: Txn -> Txn] { all disj a, b: Txn | a -> b in vis + ~vis }

-- Lost update (Isolde): some transaction writes x without seeing the arbitration-last
-- writer of x before it
pred LostUpdate[vis, ar: Txn -> Txn] {
  some t: Normal, x: wset[t] | maxIn[ar, ar.t & writersOf[x]] not in vis.t
}

---------------------------------------------------------------------------------------
-- Levels over an execution

-- Read Atomic
pred CeroneRAax[vis, ar: Txn -> Txn] { EXT[vis, ar] and SESSION[vis] }
-- Update Atomic
pred CeroneUAax[vis, ar: Txn -> Txn] { CeroneRAax[vis, ar] and NOCONFLICT[vis] }
-- Causal Consistency
pred CeroneCCax[vis, ar: Txn -> Txn] { CeroneRAax[vis, ar] and TRANSVIS[vis] }
-- Parallel Snapshot Isolation
pred CeronePSIax[vis, ar: Txn -> Txn] { CeroneCCax[vis, ar] and NOCONFLICT[vis] }
-- Prefix Consistency
pred CeronePCax[vis, ar: Txn -> Txn] { CeroneRAax[vis, ar] and PREFIX[vis, ar] }
-- Snapshot Isolation
pred CeroneSIax[vis, ar: Txn -> Txn] { CeronePCax[vis, ar] and NOCONFLICT[vis] }
-- Serializability
pred CeroneSERax[vis, ar: Txn -> Txn] { CeroneRAax[vis, ar] and TOTALVIS[vis] }
-- No lost update (Isolde's custom Update Atomic)
pred CeroneNLUax[vis, ar: Txn -> Txn] { CeroneRAax[vis, ar] and not LostUpdate[vis, ar] }

---------------------------------------------------------------------------------------
-- Levels of a history

pred CeroneRA { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneRAax[vis, ar] }
pred CeroneUA { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneUAax[vis, ar] }
pred CeroneCC { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneCCax[vis, ar] }
pred CeronePSI { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeronePSIax[vis, ar] }
pred CeronePC { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeronePCax[vis, ar] }
pred CeroneSI { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneSIax[vis, ar] }
pred CeroneSER { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneSERax[vis, ar] }
pred CeroneNLU { some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneNLUax[vis, ar] }
