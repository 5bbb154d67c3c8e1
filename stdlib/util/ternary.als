module util/ternary

-- Projections and column swaps for ternary relations. Every parameter has type
-- univ -> univ -> univ, so any ternary relation can be passed; below, r holds the tuples
-- a -> b -> c, and a result's columns are typed by the columns of r they come from.

-- the atoms in the first column of r
fun dom[r: univ -> univ -> univ]: set ((r.univ).univ) { (r.univ).univ }

-- the atoms in the last column of r
fun ran[r: univ -> univ -> univ]: set (univ.(univ.r)) { univ.(univ.r) }

-- the atoms in the middle column of r
fun mid[r: univ -> univ -> univ]: set (univ.(r.univ)) { univ.(r.univ) }

-- a -> b for each a -> b -> c in r (the last column dropped)
fun select12[r: univ -> univ -> univ]: r.univ { r.univ }

-- a -> c for each a -> b -> c in r (the middle column dropped)
fun select13[r: univ -> univ -> univ]: ((r.univ).univ) -> (univ.(univ.r)) {
  { a: dom[r], c: ran[r] | c in univ.(a.r) }
}

-- b -> c for each a -> b -> c in r (the first column dropped)
fun select23[r: univ -> univ -> univ]: univ.r { univ.r }

-- b -> a -> c for each a -> b -> c in r
fun flip12[r: univ -> univ -> univ]: (univ.(r.univ)) -> ((r.univ).univ) -> (univ.(univ.r)) {
  { b: mid[r], a: dom[r], c: ran[r] | a -> b -> c in r }
}

-- c -> b -> a for each a -> b -> c in r
fun flip13[r: univ -> univ -> univ]: (univ.(univ.r)) -> (univ.(r.univ)) -> ((r.univ).univ) {
  { c: ran[r], b: mid[r], a: dom[r] | a -> b -> c in r }
}

-- a -> c -> b for each a -> b -> c in r
fun flip23[r: univ -> univ -> univ]: ((r.univ).univ) -> (univ.(univ.r)) -> (univ.(r.univ)) {
  { a: dom[r], c: ran[r], b: mid[r] | a -> b -> c in r }
}
