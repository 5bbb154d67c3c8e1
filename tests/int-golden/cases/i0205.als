sig A {}
fact { (one x1: (Int[-1] - 0) | min <= x1) }
check { (#A).div[-4] !in ((rem[2, 100]).prev - 3) } for 3 but 3 Int
