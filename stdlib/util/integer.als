module util/integer

-- Integer functions, at the command's bitwidth (two's complement, wrapping around unless
-- `--no-overflow`). Every module opens this one implicitly, as in Alloy.

fun add[n1, n2: Int]: Int { n1 fun/add n2 }
fun plus[n1, n2: Int]: Int { n1 fun/add n2 }
fun sub[n1, n2: Int]: Int { n1 fun/sub n2 }
fun minus[n1, n2: Int]: Int { n1 fun/sub n2 }
fun mul[n1, n2: Int]: Int { n1 fun/mul n2 }
fun div[n1, n2: Int]: Int { n1 fun/div n2 }
fun rem[n1, n2: Int]: Int { n1 fun/rem n2 }
fun negate[n: Int]: Int { 0 fun/sub n }
fun signum[n: Int]: Int { n < 0 => (0 fun/sub 1) else (n > 0 => 1 else 0) }
pred eq[n1, n2: Int] { int[n1] = int[n2] }
pred gt[n1, n2: Int] { n1 > n2 }
pred lt[n1, n2: Int] { n1 < n2 }
pred gte[n1, n2: Int] { n1 >= n2 }
pred lte[n1, n2: Int] { n1 <= n2 }
pred zero[n: Int] { n = 0 }
pred pos[n: Int] { n > 0 }
pred neg[n: Int] { n < 0 }
pred nonpos[n: Int] { n <= 0 }
pred nonneg[n: Int] { n >= 0 }
fun max: one Int { fun/max }
fun min: one Int { fun/min }
fun max[es: set Int]: lone Int { es - es.^(~(fun/next)) }
fun min[es: set Int]: lone Int { es - es.^(fun/next) }
fun next: Int -> Int { fun/next }
fun prev: Int -> Int { ~(fun/next) }
fun nexts[e: Int]: set Int { e.^(fun/next) }
fun prevs[e: Int]: set Int { e.^(~(fun/next)) }
fun larger[e1, e2: Int]: Int { e1 > e2 => e1 else e2 }
fun smaller[e1, e2: Int]: Int { e1 < e2 => e1 else e2 }
