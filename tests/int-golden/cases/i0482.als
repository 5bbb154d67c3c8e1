open util/integer
sig A { f: Int, g: set Int, r: set A }
fact { (no x1: Int | x1 != x1) }
check { all x: Int | x.next.prev = x } for 3 but 5 Int
