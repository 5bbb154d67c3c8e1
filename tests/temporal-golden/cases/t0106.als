sig A {}
var sig V { var m: set V }
fact init { lone m }
run { after ((eventually (lone m)) until (historically (no m))) } for 2 but 3 steps
