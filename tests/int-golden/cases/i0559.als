open util/integer
sig A { f: Int, r: set A }
pred prop[q: Int] { signum[1] = 0.sub[1] }
check { max[1 + 0] = larger[1, -2] } for 2 but 2 Int
