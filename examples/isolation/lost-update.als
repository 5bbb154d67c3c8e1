-- Update Atomic and "no lost update" (Cerone et al. 2015; Isolde's custom definition):
-- for one execution, NOCONFLICT rules out a lost update, since the last earlier writer
-- of an object conflicts with the writer and so must be visible to it. The converse
-- fails: no lost update only asks for the immediately preceding writer to be visible,
-- and visibility need not be transitive. Witness: [T1: r(x,0) r(y,0) w(x,1) w(y,1)]
-- [T2: r(x,1) w(x,2)]  [T3: r(x,2) r(y,0) w(x,3)].

open isolation

-- needs CEGIS
run uaImpliesNLU { CeroneUA and not CeroneNLU } for 4 expect 0
-- needs CEGIS
run nluNotUA { CeroneNLU and not CeroneUA } for 3 but 4 Val expect 1
-- NLU implies RA; needs CEGIS
run nluImpliesRA { CeroneNLU and not CeroneRA } for 4 expect 0

-- For one execution: UA's axioms imply NLU's ...
run uaAxImpliesNLUax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneUAax[vis, ar] and not CeroneNLUax[vis, ar]
} for 4 expect 0
-- ... not conversely (exactly four transactions keep the re-check of the answer by
-- enumeration short)
run nluAxNotUAax {
  some vis, ar: Txn -> Txn | absExec[vis, ar] and CeroneNLUax[vis, ar] and not CeroneUAax[vis, ar]
} for 4 but exactly 4 Txn expect 1
