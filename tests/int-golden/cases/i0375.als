sig A { f: Int, k: lone Int }
check { #A =< 16 } for 2 but 5 Int, 2 A
