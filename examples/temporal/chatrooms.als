// Chat rooms with moderators: people join and leave, a moderator can ban a member, and a
// banned person can never rejoin. Written for solder's temporal examples; each `expect`
// is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

sig Person {}
sig Room {
  mods: set Person,
  var members: set Person,
  var banned: set Person
}

fact start { no members and no banned }

pred join[p: Person, r: Room] {
  p not in r.members + r.banned
  members' = members + r -> p
  banned' = banned
}
pred leave[p: Person, r: Room] {
  p in r.members
  members' = members - r -> p
  banned' = banned
}
pred ban[m, p: Person, r: Room] {
  m in r.mods & r.members and p in r.members - r.mods
  members' = members - r -> p
  banned' = banned + r -> p
}
pred nobody { members' = members and banned' = banned }

fact behaviour { always (nobody or some p: Person, r: Room | join[p, r] or leave[p, r] or some m: Person | ban[m, p, r]) }

run kicked { eventually some r: Room | some r.banned } for 3 but 5 steps expect 1

assert bannedStayOut { always all r: Room | no r.members & r.banned }
check bannedStayOut for 3 but 8 steps expect 0

assert banIsForever { always all r: Room, p: r.banned | always p in r.banned }
check banIsForever for 3 but 8 steps expect 0

// Everyone banned was a member, and a moderator was present (past operators).
assert banHadWitness { always all r: Room, p: r.banned | once (p in r.members and some r.mods & r.members) }
check banHadWitness for 3 but 8 steps expect 0

// Wrong: moderators can be banned? No, but a moderator can simply never show up.
assert modsPresent { always all r: Room | some r.members implies some r.mods & r.members }
check modsPresent for 3 but 8 steps expect 1
