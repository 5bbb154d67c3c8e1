sig A { var r: set A }
sig B {}
var sig V { var m: set V }
run { lone x1: B | (before ((lone B) since (x1 not in x1))) } for 3 but 6 steps
