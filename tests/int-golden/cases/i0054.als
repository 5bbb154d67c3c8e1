sig A { g: set Int }
sig B { v: Int }
check { 2 > add[mul[-2, #B.v], 3.div[0]] } for 2 but 3 Int
