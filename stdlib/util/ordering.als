module util/ordering[exactly elem]

-- A linear order on the atoms of `elem`, which gets an exact scope.
--
-- The order lives in the fields of a private one-sig, so that a model may order several
-- sigs at once (`open util/ordering[A] as ao`, `open util/ordering[B] as bo`). When the
-- atoms of `elem` are interchangeable, solder fixes the order to atom order instead of
-- searching for it, as Alloy does; otherwise it is solved for like any relation.

private one sig Ord {
  First: set elem,
  Next: elem -> elem
} {
  pred/totalOrder[elem, First, Next]
}

-- the least element
fun first: one elem { Ord.First }

-- the greatest element: the one without a successor
fun last: one elem { elem - (Ord.Next).elem }

-- successor and predecessor relations
fun next: elem -> elem { Ord.Next }
fun prev: elem -> elem { ~(Ord.Next) }

-- all elements after / before e
fun nexts[e: elem]: set elem { e.^(Ord.Next) }
fun prevs[e: elem]: set elem { e.^(~(Ord.Next)) }

pred lt[e1, e2: elem] { e1 in prevs[e2] }
pred gt[e1, e2: elem] { e1 in nexts[e2] }
pred lte[e1, e2: elem] { e1 = e2 or lt[e1, e2] }
pred gte[e1, e2: elem] { e1 = e2 or gt[e1, e2] }

fun larger[e1, e2: elem]: elem { lt[e1, e2] => e2 else e1 }
fun smaller[e1, e2: elem]: elem { lt[e1, e2] => e1 else e2 }

-- the greatest / least element of es (none when es is empty)
fun max[es: set elem]: lone elem { es - es.^(~(Ord.Next)) }
fun min[es: set elem]: lone elem { es - es.^(Ord.Next) }
