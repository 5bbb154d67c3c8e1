module util/relation

-- Properties of binary relations. `s` is the set a property is asked over.

fun dom[r: univ -> univ]: set univ { r.univ }
fun ran[r: univ -> univ]: set univ { univ.r }

-- every element of s is related to something
pred total[r: univ -> univ, s: set univ] { all x: s | some x.r }
-- every element of s is related to at most one thing
pred functional[r: univ -> univ, s: set univ] { all x: s | lone x.r }
-- total and functional
pred function[r: univ -> univ, s: set univ] { all x: s | one x.r }
-- every element of s has a preimage
pred surjective[r: univ -> univ, s: set univ] { all x: s | some r.x }
-- every element of s has at most one preimage
pred injective[r: univ -> univ, s: set univ] { all x: s | lone r.x }
-- every element of s has exactly one preimage
pred bijective[r: univ -> univ, s: set univ] { all x: s | one r.x }
-- r is a bijection from d to c
pred bijection[r: univ -> univ, d, c: set univ] { function[r, d] and bijective[r, c] }

pred reflexive[r: univ -> univ, s: set univ] { s <: iden in r }
pred irreflexive[r: univ -> univ] { no iden & r }
pred symmetric[r: univ -> univ] { ~r in r }
pred antisymmetric[r: univ -> univ] { ~r & r in iden }
pred transitive[r: univ -> univ] { r.r in r }
pred acyclic[r: univ -> univ, s: set univ] { all x: s | x !in x.^r }
-- any two distinct elements of s are related one way or the other
pred complete[r: univ -> univ, s: univ] { all x, y: s | x != y => x -> y in r + ~r }

pred preorder[r: univ -> univ, s: set univ] { reflexive[r, s] and transitive[r] }
pred equivalence[r: univ -> univ, s: set univ] { preorder[r, s] and symmetric[r] }
pred partialOrder[r: univ -> univ, s: set univ] { preorder[r, s] and antisymmetric[r] }
pred totalOrder[r: univ -> univ, s: set univ] { partialOrder[r, s] and complete[r, s] }
