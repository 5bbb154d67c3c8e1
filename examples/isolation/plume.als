-- Plume's transactional anomalous patterns against Biswas and Enea's axioms, and the
-- result of the Isolde paper (Barros et al.): the Read Atomic of the TAPs k and l, as
-- Isolde encodes it, is strictly weaker than Read Atomic. Its smallest witness has one
-- object and two transactions in one session: [T1: r(x,0) w(x,1) → T2: r(x,0)]. The
-- later Coq mechanisation of Plume adds TAP-o and TAP-p, which close the gap.

open isolation

-- Isolde's result; needs CEGIS
run tapRAnotRA { TapRA and not RA } for 5 expect 1
-- ... whose smallest witness is the single-object, two-transaction history; needs CEGIS
run tapRAnotRAsmallest { TapRA and not RA } for exactly 2 Txn, 1 Obj, 2 Val expect 1
-- ... and there is none with one transaction; needs CEGIS
run tapRAnotRAoneTxn { TapRA and not RA } for 1 expect 0
-- RA implies TapRA; needs CEGIS
run raImpliesTapRA { RA and not TapRA } for 5 expect 0

-- TapCC is Causal Consistency; needs CEGIS
run tapCCimpliesCC { TapCC and not CC } for 4 expect 0
-- needs CEGIS
run ccImpliesTapCC { CC and not TapCC } for 4 expect 0

-- With TAP-o and TAP-p, the patterns give Read Atomic; needs CEGIS
run tapRAopImpliesRA { TapRAop and not RA } for 4 expect 0
-- needs CEGIS
run raImpliesTapRAop { RA and not TapRAop } for 4 expect 0

-- Plume's Read Committed is Biswas and Enea's, over the read order; needs CEGIS
run tapRCimpliesRC { TapRC and not RC } for 4 expect 0
-- needs CEGIS
run rcImpliesTapRC { RC and not TapRC } for 4 expect 0

-- For one commit order the patterns and the axioms already agree, so these run without
-- CEGIS and imply the four equivalences above
run raAxNotTapRAopAx { some co: Txn -> Txn | commitOrder[co] and RAax[co] and not TapRAopAx[co] } for 4 expect 0
run tapRAopAxNotRAax { some co: Txn -> Txn | commitOrder[co] and TapRAopAx[co] and not RAax[co] } for 4 expect 0
run ccAxNotTapCCax { some co: Txn -> Txn | commitOrder[co] and CCax[co] and not TapCCax[co] } for 4 expect 0
run tapCCaxNotCCax { some co: Txn -> Txn | commitOrder[co] and TapCCax[co] and not CCax[co] } for 4 expect 0
run rcAxNotTapRCax { some co: Txn -> Txn | commitOrder[co] and RCax[co] and not TapRCax[co] } for 4 expect 0
run tapRCaxNotRCax { some co: Txn -> Txn | commitOrder[co] and TapRCax[co] and not RCax[co] } for 4 expect 0
-- ... while k and l alone miss a violation of the axiom even for a fixed commit order
run tapRAaxNotRAax { some co: Txn -> Txn | commitOrder[co] and TapRAax[co] and not RAax[co] } for 2 expect 1
