sig A {}
fun twist[p: Int]: Int { p }
check { all x: Int | x.div[-1] = negate[x] } for 3
