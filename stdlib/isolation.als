module isolation

-- Isolation levels of transactional databases, as relational definitions.
--
-- `open isolation` opens every module below; each can also be opened alone:
--   isolation/histories  the history model: Txn (with the initial transaction T0), Obj,
--                        Val (with the initial value v0), reads, writes, so, ro;
--                        well-formedness; derived relations (wr, WR, causal, conflict,
--                        WW, RW); witness shapes (commitOrder, absExec, vorder)
--   isolation/biswas     Biswas and Enea 2019: axioms over a commit order
--   isolation/cerone     Cerone, Bernardi and Gotsman 2015: abstract executions
--   isolation/plume      Liu et al. 2024 (Plume): transactional anomalous patterns
--   isolation/adya       Adya 1999: phenomena over a version order; dependency graphs
--   isolation/crooks     Crooks et al. 2017: client-centric commit tests
--
-- Scopes follow Isolde: `for 5` is five transactions besides T0, five objects and five
-- values, the initial value among them; `exactly 3 Txn` is exactly three besides T0.
--
-- Names. All modules share one namespace. Biswas and Enea's levels keep the short names
-- of the literature: RC, RA, CC, PC, SI, SER, and Isolde's UpdateSer. Every other level
-- carries its framework: CeroneRA, CeroneUA, CeroneCC, CeronePSI, CeronePC, CeroneSI,
-- CeroneSER, CeroneNLU; TapRC, TapRA (Isolde's, patterns k and l), TapRAop (with o and
-- p), TapCC; AdyaPL1, AdyaPL2, AdyaPL2plus, AdyaPL3, and the graph forms with sessions
-- AdyaSER, AdyaSI, AdyaPSI, AdyaPC; CrooksRC, CrooksSER, CrooksSI, CrooksSessionSER,
-- CrooksSessionSI. A level holds of a history when some witness satisfies its axioms,
-- which are a pred of their own over the witness, named after the level with `ax`
-- (`Ax` after a lowercase letter): `SIax[co]`, `TapRAax[co]`, `TapRAopAx[co]`,
-- `CeroneSIax[vis, ar]`, `AdyaPL3ax[vo]`, `AdyaPL2plusAx[vo]`. Crooks' levels are
-- stated with their commit tests (`CTser[co, t]`, ...). Axioms, patterns and phenomena
-- keep the papers' names (EXT, PREFIX, TapK, G1c, ...).
--
-- So `run { SI }` asks for a history that Snapshot Isolation allows, and
-- `run { some co: Txn -> Txn | commitOrder[co] and SIax[co] and not SERax[co] }` for a
-- history and one commit order that satisfies SI's axiom but not SER's. A level under
-- `not` (`run { TapRA and not RA } for 5`) quantifies over every witness.

open isolation/histories
open isolation/biswas
open isolation/cerone
open isolation/plume
open isolation/adya
open isolation/crooks
