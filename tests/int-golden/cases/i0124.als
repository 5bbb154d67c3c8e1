sig A { r: set A }
check { #Int != 8 } for 3 Int, 3 A
