sig A { g: set Int }
run { (not (3 >= #A)) and ((3 !< 16) <=> ((A.g != A.g) or (-1 > 100))) } for 4 Int, 3 A
