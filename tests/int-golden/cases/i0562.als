sig A {}
sig B {}
run { eq[#B, (#A >>> 5)] } for 3 but 2 Int, exactly 2 A, exactly 3 B
