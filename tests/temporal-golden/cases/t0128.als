sig A { g: set A, var r: set A }
lone sig B {}
var sig V {}
pred show { lone r and no V ; no V }
run show for 1 but 4 steps
