sig A { f: Int, r: set B }
sig B { v: Int }
fact { -2 >= #B }
run { (((some a1: A | no Int[-1])) <=> ((all x2: Int | #A.r <= x2))) implies ((B.v + B.v) != Int[0]) } for 2 Int, 2 A, 2 B
