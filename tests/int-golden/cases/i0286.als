sig A { g: set Int, r: set A }
pred prop[q: Int] { q.minus[q] != (let l1 = q | q) }
fact { not (2 > #A.g) }
run { (3 + (#A.g + 1)) not =< ((-2 << 3)).signum } for 2 but 3 Int
