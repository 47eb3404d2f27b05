# results_table.awk - a count's CSV (pegsol count --format csv, as
# bench/results.sh keeps it in d41-hH.txt) laid out as the text table of
# doc/RESULTS.md: the per-jump rows and the totals row, with thousands
# separators; the same numbers, nothing computed.
#   awk -f bench/results_table.awk /work/runs/d41-h6.txt
function sep(x,   s, n) {
	s = ""
	n = length(x)
	while (n > 3) {
		s = "," substr(x, n - 2, 3) s
		n -= 3
	}
	return substr(x, 1, n) s
}
function row(a, b, c, d, e, f, g) {
	printf "%5s  %4s  %14s  %7s  %15s  %9s  %45s\n", a, b, c, d, e, f, g
}
BEGIN { FS = "," }
/^jumps,/ { row("jumps", "pegs", "positions", "winning", "arbitrary", "dead ends", "dead-end games"); next }
function total(p, w, d, g) {
	printf "%-5s  %4s  %14s  %7s  %15s  %9s  %45s\n", "total", "", sep(p), sep(w), "", sep(d), sep(g)
	done = 1
}
# (the totals come as a "total" row in older files, as values otherwise:
# positions, winning, deadend_positions, games)
/^total,/ { total($3, $4, $6, $7); exit }
NF == 7 && $1 ~ /^[0-9]+$/ { row($1, $2, sep($3), sep($4), sep($5), sep($6), sep($7)) }
NF == 2 { v[$1] = $2 }
END { if (!done && ("positions" in v)) total(v["positions"], v["winning"], v["deadend_positions"], v["games"]) }
