// Two-phase commit: resource managers prepare or abort on their own; the coordinator
// commits only when all are prepared, and anyone may abort before that. Written for
// solder's temporal examples; each `expect` is the verdict of Alloy 6 (built from source,
// SAT4J), 2026-12-07.

abstract sig Phase {}
one sig Working, Prepared, Committed, Aborted extends Phase {}

sig Manager { var phase: one Phase }
one sig Coordinator { var decision: lone Phase }
var sig Votes in Manager {}

fact start { Manager.phase = Working and no Coordinator.decision and no Votes }

pred prepare[m: Manager] {
  m.phase = Working
  phase' = phase ++ m -> Prepared
  Votes' = Votes + m
  decision' = decision
}
pred giveUp[m: Manager] {
  m.phase = Working
  phase' = phase ++ m -> Aborted
  Votes' = Votes and decision' = decision
}
pred decideCommit {
  no Coordinator.decision and Votes = Manager
  Coordinator.decision' = Committed
  phase' = phase and Votes' = Votes
}
pred decideAbort {
  no Coordinator.decision
  Coordinator.decision' = Aborted
  phase' = phase and Votes' = Votes
}
pred learn[m: Manager] {
  some Coordinator.decision and m.phase in Working + Prepared
  Coordinator.decision = Committed implies m.phase = Prepared
  phase' = phase ++ m -> Coordinator.decision
  Votes' = Votes and decision' = decision
}
pred none_ { phase' = phase and Votes' = Votes and decision' = decision }

fact behaviour { always (none_ or decideCommit or decideAbort or some m: Manager | prepare[m] or giveUp[m] or learn[m]) }

run allCommit { some Manager and eventually Manager.phase = Committed } for 3 but 8 steps expect 1

assert agreement { always not (some phase.Committed and some phase.Aborted) }
check agreement for 3 but 8 steps expect 0

assert commitNeedsAllVotes { always (Coordinator.decision = Committed implies (historically Coordinator.decision = Committed or Votes = Manager) and once Votes = Manager) }
check commitNeedsAllVotes for 3 but 8 steps expect 0

assert decisionIsFinal { always all p: Phase | Coordinator.decision = p implies always Coordinator.decision = p }
check decisionIsFinal for 3 but 8 steps expect 0

// Wrong without fairness: managers need not ever learn the outcome.
assert everyoneDecides { eventually Manager.phase in Committed + Aborted }
check everyoneDecides for 3 but 8 steps expect 1
