sig A {}
sig B {}
fact { Int[rem[#B, #A]] = int[2] }
fact { (let l3 = -1 | l3 > l3) }
run { (some b1: B | ((sum b2: B | 4) << 2) >= signum[(-4).sub[-33]]) } for 3 but 3 Int
