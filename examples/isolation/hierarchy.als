-- The hierarchy of isolation levels: SER => SI => PC => CC => RA => RC (Biswas and
-- Enea), and SI => PSI => CC, PSI => UA => RA (Cerone et al.). Each implication is
-- checked one way (no history at 4 transactions, 4 objects, 4 values allows the
-- stronger level and not the weaker one) and separated the other way by the classic
-- anomaly (see anomalies.als for the anomalies as fixed histories).
--
-- History-level commands put a level under `not`, which asks for every witness to fail:
-- they need CEGIS (marked "needs CEGIS"). The execution-level commands at the end fix
-- one witness and run without it: they check that the axioms themselves are ordered,
-- which implies the history-level implication.

open isolation

-- Biswas and Enea's chain, history level
-- needs CEGIS
run serImpliesSI { SER and not SI } for 4 expect 0
-- needs CEGIS
run siImpliesPC { SI and not PC } for 4 expect 0
-- needs CEGIS
run pcImpliesCC { PC and not CC } for 4 expect 0
-- needs CEGIS
run ccImpliesRA { CC and not RA } for 4 expect 0
-- needs CEGIS
run raImpliesRC { RA and not RC } for 4 expect 0

-- ... and its separations
-- write skew; needs CEGIS
run writeSkew { SI and not SER } for 2 expect 1
-- lost update; needs CEGIS
run lostUpdate { PC and not SI } for 2 but 3 Val expect 1
-- long fork; needs CEGIS
run longFork { CC and not PC } for 4 expect 1
-- causality violation; needs CEGIS
run causalityViolation { RA and not CC } for 3 expect 1
-- fractured read; needs CEGIS
run fracturedRead { RC and not RA } for 2 expect 1

-- Cerone et al.'s branches, history level
-- needs CEGIS
run siImpliesPSI { CeroneSI and not CeronePSI } for 4 expect 0
-- needs CEGIS
run psiImpliesCC { CeronePSI and not CeroneCC } for 4 expect 0
-- needs CEGIS
run psiImpliesUA { CeronePSI and not CeroneUA } for 4 expect 0
-- needs CEGIS
run uaImpliesRA { CeroneUA and not CeroneRA } for 4 expect 0

-- ... and their separations
-- long fork; needs CEGIS
run psiNotSI { CeronePSI and not CeroneSI } for 4 expect 1
-- lost update; needs CEGIS
run ccNotPSI { CeroneCC and not CeronePSI } for 2 but 3 Val expect 1
-- causality violation; needs CEGIS
run uaNotPSI { CeroneUA and not CeronePSI } for 3 expect 1
-- lost update; needs CEGIS
run raNotUA { CeroneRA and not CeroneUA } for 2 but 3 Val expect 1

-- Execution level: for one commit order, each axiom implies the next
run serAxImpliesSIax { some co: Txn -> Txn | commitOrder[co] and SERax[co] and not SIax[co] } for 4 expect 0
run siAxImpliesPCax { some co: Txn -> Txn | commitOrder[co] and SIax[co] and not PCax[co] } for 4 expect 0
run pcAxImpliesCCax { some co: Txn -> Txn | commitOrder[co] and PCax[co] and not CCax[co] } for 4 expect 0
run ccAxImpliesRAax { some co: Txn -> Txn | commitOrder[co] and CCax[co] and not RAax[co] } for 4 expect 0
run raAxImpliesRCax { some co: Txn -> Txn | commitOrder[co] and RAax[co] and not RCax[co] } for 4 expect 0

-- ... and for one abstract execution
run ceroneSERaxImpliesSIax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneSERax[vis, ar] and not CeroneSIax[vis, ar]
} for 4 expect 0
run ceroneSIaxImpliesPSIax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneSIax[vis, ar] and not CeronePSIax[vis, ar]
} for 4 expect 0
run ceroneSIaxImpliesPCax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneSIax[vis, ar] and not CeronePCax[vis, ar]
} for 4 expect 0
run ceronePCaxImpliesCCax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeronePCax[vis, ar] and not CeroneCCax[vis, ar]
} for 4 expect 0
run ceronePSIaxImpliesUAax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeronePSIax[vis, ar] and not CeroneUAax[vis, ar]
} for 4 expect 0
run ceroneUAaxImpliesRAax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneUAax[vis, ar] and not CeroneRAax[vis, ar]
} for 4 expect 0
-- the execution-level implications are strict: an execution can satisfy PC's axioms and
-- not SI's (the witnesses of a lost update)
run ceronePCaxNotSIax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeronePCax[vis, ar] and not CeroneSIax[vis, ar]
} for 2 but 3 Val expect 1
run pcAxNotSIax { some co: Txn -> Txn | commitOrder[co] and PCax[co] and not SIax[co] } for 2 but 3 Val expect 1
