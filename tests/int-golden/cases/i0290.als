sig A { f: Int, k: lone Int }
check { #A > 2 } for 2 but 5 Int
