sig A {}
sig B {}
fact { 2.add[-4] != larger[-4, #A] }
run { not ((larger[#B, 0] fun/sub sub[2, 2]) > -4) } for 3 but 3 Int, 2 B
