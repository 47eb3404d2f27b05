#!/usr/bin/env bash
# results.sh - the long runs behind doc/RESULTS.md: the 41-hole board's full
# analysis for every start hole up to symmetry (0 1 2 4 5 6 11 12 20), each
# `pegsol count -b diamond41 -s H` with its levels on disk.
#
#   bench/results.sh [-w WORKDIR] [-o OUTDIR] [-m MEMORY] [HOLE...]
#
# Each run keeps its levels and checkpoint in WORKDIR/d41-hH (default
# WORKDIR: /work/runs) and is resumed from there when it was stopped, so
# the script can be run again until every table is done.
# OUTDIR (default: WORKDIR) receives d41-hH.txt (the table, CSV and text)
# and d41-hH.time and .log (/usr/bin/time -v and the progress log of the
# last run; those of the runs it resumed are kept as .time.1, .log.1, ...).  A finished
# table is not run again.  `awk -f bench/results_table.awk OUTDIR/d41-hH.txt`
# lays the CSV out as doc/RESULTS.md's text tables.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
pegsol=${PEGSOL:-$here/build/pegsol}
work=/work/runs
out=
memory=16G
while getopts "w:o:m:" o; do
	case $o in
	w) work=$OPTARG ;;
	o) out=$OPTARG ;;
	m) memory=$OPTARG ;;
	*) echo "usage: $0 [-w WORKDIR] [-o OUTDIR] [-m MEMORY] [HOLE...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
out=${out:-$work}
holes=${*:-20 0 2 4 6 12 1 5 11}
mkdir -p "$work" "$out" || exit 4
[ -x "$pegsol" ] || { echo "results.sh: build pegsol first (make)" >&2; exit 2; }
for h in $holes; do
	name=d41-h$h
	if [ -s "$out/$name.txt" ]; then
		echo "$name: done already ($out/$name.txt)"
		continue
	fi
	mkdir -p "$work/$name"
	resume=
	[ -e "$work/$name/MANIFEST" ] && resume=--resume
	# a resumed run's earlier time and log are kept as .time.N and .log.N
	for f in time log; do
		[ -e "$out/$name.$f" ] || continue
		i=1
		while [ -e "$out/$name.$f.$i" ]; do i=$((i + 1)); done
		mv "$out/$name.$f" "$out/$name.$f.$i"
	done
	echo "$name: pegsol count -b diamond41 -s $h --workdir $work/$name --memory $memory $resume"
	/usr/bin/time -v -o "$out/$name.time" "$pegsol" count -b diamond41 -s "$h" \
		--workdir "$work/$name" --memory "$memory" $resume --format csv \
		>"$out/$name.part" 2>"$out/$name.log"
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "$name: stopped with status $rc (see $out/$name.log); run again to resume" >&2
		exit $rc
	fi
	mv "$out/$name.part" "$out/$name.txt"
	du -sh "$work/$name" >>"$out/$name.time"
done
