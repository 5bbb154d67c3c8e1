open util/integer
sig A { f: Int, r: set A }
run { (lone x1: Int | {c2: Int | no Int[c2]} != 5) } for 3 but 2 Int, 3 A
