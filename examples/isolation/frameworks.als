-- Different frameworks, same levels. Biswas and Enea's axioms over a commit order and
-- Cerone et al.'s axioms over visibility and arbitration define the same histories for
-- RA, CC, PC, SI and SER (checked for bounded scopes by Isolde,
-- `Problems.unsatDiffFramework`); so do Adya-style dependency graphs with the session
-- order, and Crooks et al.'s commit tests with sessions. Every command puts a level under
-- `not`: they all need CEGIS.

open isolation

-- Biswas and Enea = Cerone et al.; all need CEGIS
run raBiswasNotCerone { RA and not CeroneRA } for 4 expect 0
run raCeroneNotBiswas { CeroneRA and not RA } for 4 expect 0
run ccBiswasNotCerone { CC and not CeroneCC } for 4 expect 0
run ccCeroneNotBiswas { CeroneCC and not CC } for 4 expect 0
run pcBiswasNotCerone { PC and not CeronePC } for 4 expect 0
run pcCeroneNotBiswas { CeronePC and not PC } for 4 expect 0
run siBiswasNotCerone { SI and not CeroneSI } for 4 expect 0
run siCeroneNotBiswas { CeroneSI and not SI } for 4 expect 0
run serBiswasNotCerone { SER and not CeroneSER } for 4 expect 0
run serCeroneNotBiswas { CeroneSER and not SER } for 4 expect 0

-- dependency graphs with sessions; all need CEGIS
run serNotAdya { SER and not AdyaSER } for 4 expect 0
run adyaNotSER { AdyaSER and not SER } for 4 expect 0
run siNotAdya { SI and not AdyaSI } for 4 expect 0
run adyaNotSI { AdyaSI and not SI } for 4 expect 0
run psiNotAdya { CeronePSI and not AdyaPSI } for 4 expect 0
run adyaNotPSI { AdyaPSI and not CeronePSI } for 4 expect 0

-- commit tests with sessions; all need CEGIS
run serNotCrooks { SER and not CrooksSessionSER } for 4 expect 0
run crooksNotSER { CrooksSessionSER and not SER } for 4 expect 0
run siNotCrooks { SI and not CrooksSessionSI } for 4 expect 0
run crooksNotSI { CrooksSessionSI and not SI } for 4 expect 0

-- without sessions, Adya's PL-3 is Crooks et al.'s serializability, and both are weaker
-- than SER (the session order is ignored); all need CEGIS
run pl3NotCrooksSER { AdyaPL3 and not CrooksSER } for 4 expect 0
run crooksSERnotPL3 { CrooksSER and not AdyaPL3 } for 4 expect 0
run pl3NotSER { AdyaPL3 and not SER } for 2 expect 1

-- Crooks et al.'s SI commit tests as the library states them (no choice of read state)
-- agree with their own statement (some read state s), on every execution order
check crooksSIwithoutState {
  all co: Txn -> Txn | executionOrder[co] implies
    all t: Normal | CTsi[co, t] iff CTsiByState[co, t]
} for 4 expect 0
check crooksSessionSIwithoutState {
  all co: Txn -> Txn | executionOrder[co] implies
    all t: Normal | CTsessionSI[co, t] iff CTsessionSIByState[co, t]
} for 4 expect 0
