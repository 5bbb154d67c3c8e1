open util/integer
sig A { f: Int, g: set Int }
check { all x: Int | x.next.prev = x } for 2 but 5 Int
