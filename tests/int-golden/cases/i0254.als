sig A { g: set Int }
check { all x: Int | some x.next } for 2 but 3 Int
