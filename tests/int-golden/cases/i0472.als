open util/integer
sig A { r: set A }
pred prop[q: Int] { eq[signum[2], div[q, #A]] }
check { all x: Int | x.rem[2].plus[x.div[2].mul[2]] = x } for 3 but 3 Int
