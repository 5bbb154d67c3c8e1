-- Benchmark: three sigs at scope 8 with ten quantified facts (nested quantifiers,
-- closure, joins); measures how fast a mid-sized model translates.
module bench/three_sigs

sig Author { wrote: set Paper, advisor: lone Author }
sig Paper { cites: set Paper, venue: one Venue, reviewers: set Author }
sig Venue { chairs: set Author }

fact everyPaperHasAnAuthor { all p: Paper | some wrote.p }
fact noSelfCitation { all p: Paper | p !in p.^cites }
fact noSelfReview { all p: Paper, a: Author | a in p.reviewers implies p !in a.wrote }
fact advisorsAcyclic { all a: Author | a !in a.^advisor }
fact chairsDoNotSubmit { all v: Venue, a: v.chairs | no p: a.wrote | p.venue = v }
fact reviewersAreDistinct { all p: Paper | some disj r1, r2: p.reviewers | r1 != r2 }
fact citedPapersShareAVenue { all p, q: Paper | q in p.cites implies some v: Venue | v = q.venue }
fact advisorsReviewNothingOfStudents { all a: Author, s: advisor.a | no (s.wrote & a.~reviewers) }
fact everyVenueHasAChair { all v: Venue | some v.chairs }
fact productiveAuthors { all a: Author | some a.wrote or some advisor.a }

pred show { some p: Paper | some p.cites }

assert noCitationCycles { no p: Paper | p in p.^cites }

run show for 8 expect 1
check noCitationCycles for 8 expect 0
