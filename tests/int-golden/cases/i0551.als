sig A {}
run { not ((one x1: Int | ! (nonpos[x1]))) } for 3 but 3 Int
