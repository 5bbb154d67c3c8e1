-- A family tree with marriages, and the "I'm my own grandpa" puzzle: counting step-parents
-- (a parent's spouse) as parents, a man can be his own grandfather without anyone being
-- their own biological ancestor. It takes four people, not three.
--
-- Shows off: `module`, opening a parametric module of our own (`open lib/pairs[Person]`),
-- `abstract sig`, `sig A, B extends`, `lone` fields, named facts, funs with parameters,
-- an expression `let`, `^`, `+ & ->`, `!in`, `iff`, quantifiers `all some no`, `run name`,
-- a labelled command, `check name`, `check { ... }`, `run { ... }`, `for N`, and
-- per-sig scopes with `exactly` and no overall scope (`for exactly 4 Person`).

module family

open lib/pairs[Person]

abstract sig Person {
  father: lone Man,
  mother: lone Woman,
  spouse: lone Person
}
sig Man, Woman extends Person {}

fact noSelfAncestry { no p: Person | p in p.^(mother + father) }

fact marriage {
  matching[spouse]
  spouse in Man -> Woman + Woman -> Man
  -- nobody marries a biological ancestor (so, by symmetry, nor a descendant)
  all p: Person | no p.spouse & p.^(mother + father)
}

-- parents, counting step-parents: the biological parents and their spouses
fun elders[p: Person]: set Person {
  let bio = p.(mother + father) | bio + bio.spouse
}

fun grandpas[p: Person]: set Man { elders[elders[p]] & Man }

pred ownGrandpa { some m: Man | m in grandpas[m] }

assert noBiologicalSelfGrandparent {
  all p: Person | p !in p.(mother + father).(mother + father)
}

-- No instance with three people. Say m is in elders[a] and a is in elders[m]; each step is
-- either a biological parent (B) or a biological parent's spouse (BS). a = m would make m
-- married to his own parent. B then B is a biological cycle. B then BS marries m to his
-- grandparent; BS then B marries a to her grandparent; both break `marriage`. BS then BS
-- needs m's parent b, b's spouse a, a's parent c and c's spouse m, and b, c are distinct from
-- m, a and each other (c = b would marry b to b's own child a): four people.
run ownGrandpa for 3 expect 0

-- Witness with four: Narrator (Man) has father Dad; Narrator marries Widow; Widow's daughter
-- Daughter marries Dad. elders[Narrator] = {Dad, Daughter}; elders of those = {Widow} (Daughter's
-- mother) + Widow's spouse {Narrator}; so Narrator is in grandpas[Narrator]. Biological edges are
-- only Narrator->Dad and Daughter->Widow, and neither couple are blood ancestors of each other.
grandpa: run ownGrandpa for 4 expect 1

-- Follows from noSelfAncestry: a grandparent is an ancestor.
check noBiologicalSelfGrandparent for 5 expect 0

-- Witness: Man M1 married to Woman W1, Man M2 married to Woman W2, no parents at all.
run { perfectMatching[spouse] } for exactly 4 Person expect 1

-- A perfect matching is a fixed-point-free involution, which needs an even number of people.
run { perfectMatching[spouse] } for exactly 3 Person expect 0

-- Spouses are of opposite sexes and Person = Man + Woman (abstract), so a married woman's
-- partner is a man and a married man's partner is not.
check { all p: paired[spouse] | partner[spouse, p] in Man iff p in Woman } for 4 expect 0
