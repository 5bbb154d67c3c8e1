-- A small parametric library: pairing relations over any sig T (marriages, lab partners,
-- dance couples). It is a library module, not a model: it has no commands of its own.
-- family.als opens it as `open lib/pairs[Person]`.
--
-- Shows off: a `module` header with a parameter, preds and funs over the parameter sig,
-- a `private` helper that only this module can call, `iden`, `~`.

module lib/pairs[T]

-- nobody is paired with themselves
private pred noSelfPairs[r: T -> T] { no r & iden }

-- r holds in both directions
pred symmetricOn[r: T -> T] { r = ~r }

-- r pairs elements off: symmetric, irreflexive, at most one partner each
pred matching[r: T -> T] {
  symmetricOn[r]
  noSelfPairs[r]
  all t: T | lone t.r
}

-- a matching in which everybody has a partner
pred perfectMatching[r: T -> T] {
  matching[r]
  all t: T | one t.r
}

-- the elements of T that have a partner
fun paired[r: T -> T]: set T { r.T }

-- the partner of t (empty when t has none)
fun partner[r: T -> T, t: T]: set T { t.r }
