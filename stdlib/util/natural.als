module util/natural

-- The natural numbers 0, 1, ..., N-1 as atoms, N being the scope of Natural (which is
-- exact, as Natural is ordered by a private util/ordering). A natural's value is the
-- number of naturals below it. Arithmetic whose result has no natural in scope gives the
-- empty set. For negative numbers use util/integer instead.

private open util/ordering[Natural] as ord

sig Natural {}

-- 0
one sig Zero in Natural {}

-- 1; when Natural has a single atom nothing constrains it
lone sig One in Natural {}

fact {
  Zero = ord/first
  some ord/next[Zero] => One = ord/next[Zero]
}

-- n + 1 and n - 1
fun inc[n: Natural]: lone Natural { n.(ord/next) }
fun dec[n: Natural]: lone Natural { n.(ord/prev) }

-- The results below compare values as counts of predecessors, in Int arithmetic.

-- n1 + n2
fun add[n1, n2: Natural]: lone Natural {
  { r: Natural | #ord/prevs[r] = plus[#ord/prevs[n1], #ord/prevs[n2]] }
}

-- n1 - n2
fun sub[n1, n2: Natural]: lone Natural {
  { r: Natural | #ord/prevs[n1] = plus[#ord/prevs[n2], #ord/prevs[r]] }
}

-- n1 * n2, counted as the pairs of a value-n1 set and a value-n2 set
fun mul[n1, n2: Natural]: lone Natural {
  { r: Natural | #ord/prevs[r] = #(ord/prevs[n1] -> ord/prevs[n2]) }
}

-- n1 / n2 when n2 divides n1 exactly (every natural when both are 0, none otherwise)
fun div[n1, n2: Natural]: lone Natural {
  { r: Natural | #ord/prevs[n1] = #(ord/prevs[n2] -> ord/prevs[r]) }
}

-- comparisons
pred gt[n1, n2: Natural] { ord/gt[n1, n2] }
pred lt[n1, n2: Natural] { ord/lt[n1, n2] }
pred gte[n1, n2: Natural] { ord/gte[n1, n2] }
pred lte[n1, n2: Natural] { ord/lte[n1, n2] }

-- the largest and smallest natural of ns (none when ns is empty)
fun max[ns: set Natural]: lone Natural { ord/max[ns] }
fun min[ns: set Natural]: lone Natural { ord/min[ns] }
