sig A {}
var sig V { var m: lone V }
run { not no m until no m } for 2 but 1 steps
