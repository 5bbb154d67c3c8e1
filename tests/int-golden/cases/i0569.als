lone sig A { k: lone Int }
fact { -2 > 1 }
run { no x: Int | x.div[1] > x } for 1 but 2 Int
