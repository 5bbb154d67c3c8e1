sig A { f: Int }
check { all x: Int | x.next.prev = x } for 5 Int, 2 A
