sig A { f: Int, g: set Int, h: A -> Int }
run { ((let l1 = ((not (6 = 3)) implies (#A.(A.h)).div[0] else (let l2 = -7 | l2)) | (all x3: Int | (#A.(A.h) <= 7) || (3 != -7)))) or (((some x4: Int | (#A !in A.f) && (#A >= x4))) || ((one a5: A | (one x6: A.(a5.h) | x6 !>= x6)))) } for 3 but 4 Int
