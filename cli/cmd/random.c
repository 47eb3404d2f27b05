/*
 * cli/cmd/random.c - `pegsol random`: how games end when every legal jump is
 * chosen with equal probability.  The exact distribution comes from
 * pegsol_random_play (probability propagated level by level); --simulate
 * plays seeded random games as an independent check and prints their
 * frequencies with 95% Wilson intervals beside the exact values; --plot
 * draws the distribution as a hand-written SVG bar chart.
 */
#include "level_cli.h"
#include "plural.h"
#include "svg_board.h"
#include "output.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const cli_command command = {
	"random",
	"Usage: pegsol random [-b BOARD] [-s START] [--simulate N [--seed S]]\n"
	"                     [--plot FILE] [--up-to-symmetry] [OPTIONS]\n"
	"The exact distribution of how a game ends when every legal jump is\n"
	"chosen with equal probability: per number of jumps, the positions\n"
	"reached, the dead ends and the probability that the game ends there\n"
	"(also as '1 in N'), and the probability that the game can still reach\n"
	"the finish (-f) after that many jumps (the last column; from the winning\n"
	"positions, as --finish-only); the probability of a one-peg finish and of\n"
	"ending at the finish, the expected pegs left and jumps played, and the\n"
	"most and least likely final positions.  Probability is propagated level by\n"
	"level on the engine of 'pegsol count' (both cores, levels on disk with\n"
	"--workdir) in fixed point with 126 bits after the point: each share is\n"
	"rounded down, losing less than 1.2e-38; the probability lost so is\n"
	"printed, and the endings plus the loss are checked to make exactly 1.\n"
	"Exit status: 0 done, 2 usage error, 3 bad input, 4 limit reached,\n"
	"5 a consistency check failed.\n",
	"Examples:\n"
	"  pegsol random                     # English (about 2.5 s)\n"
	"  pegsol random -b triangle5 -s a1 --simulate 1000 --seed 1\n",
	CLI_G_LEVELS | CLI_G_DISK, 0, NULL};

#define Z95 1.959963984540054

/* The 95% Wilson score interval of k successes in n trials. */
static void wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	double p = (double)k / (double)n, z2 = Z95 * Z95, nn = (double)n;
	double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
	double half = Z95 / (1 + z2 / nn) * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
	*lo = centre - half < 0 || k == 0 ? 0 : centre - half;
	*hi = centre + half > 1 || k == n ? 1 : centre + half;
}

/* "1 in N" as a rich cell: a number, or "never" in text and null in
 * csv and json when the probability is 0. */
static emit_rich one_in_rich(double p)
{
	char buf[64];
	if (!(p > 0))
		return rich_null("never");
	char text[96];
	snprintf(buf, sizeof buf, 1 / p < 1e6 ? "%.4g" : "%.4e", 1 / p);
	/* text groups digits ("6,048"); csv and json have the JSON number */
	return (emit_rich){strdup(emit_group_digits(buf, text, sizeof text)), strdup(buf),
	                   strdup(buf)};
}

/* A 95% interval: text "lo .. hi", csv "lo hi", json [lo, hi]. */
static emit_rich interval_rich(double lo, double hi)
{
	char text[64], csv[64], json[64];
	snprintf(text, sizeof text, "%.6g .. %.6g", lo, hi);
	snprintf(csv, sizeof csv, "%.6g %.6g", lo, hi);
	snprintf(json, sizeof json, "[%.6g, %.6g]", lo, hi);
	return (emit_rich){strdup(text), strdup(csv), strdup(json)};
}

/* The number of simulated games and the seed: text "20,000 (seed 3)",
 * csv and json the count alone ("seed" is a value of its own). */
static void emit_games(emitter *e, unsigned long long games, unsigned long long seed)
{
	char text[96], num[64], plain[32], json[34];
	snprintf(text, sizeof text, "%s (seed %llu)", emit_count(games, num, sizeof num),
	         seed);
	snprintf(plain, sizeof plain, "%llu", games);
	snprintf(json, sizeof json, "\"%llu\"", games); /* a count: a string */
	emit_value_rich(e, "simulated_games", "simulated games",
	                (emit_rich){strdup(text), strdup(plain), strdup(json)});
	emit_value(e, "seed", NULL, COL_INT, "%llu", seed);
}

/* The top of a linear axis fitted to the data: the least multiple of a
 * round step (1, 2, 2.5 or 5 times a power of ten, about five to the
 * axis) at or above max, so data peaking at 0.25 get an axis to 0.25,
 * not 0.5. */
static double fitted_top(double max, double *step)
{
	if (!(max > 0))
		max = 1;
	double raw = max / 5, p = pow(10, floor(log10(raw))), s = 10 * p;
	static const double nice[] = {1, 2, 2.5, 5, 10};
	for (int i = 0; i < 5; i++)
		if (nice[i] * p >= raw * (1 - 1e-12)) {
			s = nice[i] * p;
			break;
		}
	*step = s;
	return ceil(max / s * (1 - 1e-12)) * s;
}

/* A bar per jump count: the exact probability, with the simulated
 * frequencies as dots when given.  On a log axis (log_scale) the bars
 * start at the decade below the least positive probability, so a chance
 * of 2.7e-8 shows as a bar a decade high, not as nothing. */
static int write_plot(const char *path, const pegsol_board *b, int start_pegs,
                      const pegsol_random_result *r, const pegsol_simulation *sim,
                      int log_scale)
{
	pegsol_file *out = cli_open_output(path);
	if (!out)
		return -1;
	FILE *f = pegsol_file_stream(out);
	/* the line of P(can still finish): on the log axis with the bars, on
	 * the linear one against an axis of its own at the right (it starts
	 * at 1, far above most bars) */
	int line = r->can_finish_known, right = line && !log_scale;
	const double W = 800, H = 480, L = 80, R = right ? 50 : 20, T = 50, B = 60;
	double pw = W - L - R, ph = H - T - B, max = 0, min = 1;
	int n = r->nlevels;
	for (int i = 0; i < n; i++) {
		double p = r->level[i].prob, q = r->level[i].can_finish;
		if (p > max)
			max = p;
		if (p > 0 && p < min)
			min = p;
		if (line && log_scale && q > 0 && q < min)
			min = q;
	}
	double step = 0, top = fitted_top(max, &step);
	/* log axis: whole decades from below the least to above the most */
	int lo_dec = (int)floor(log10(min)) - 1, hi_dec = (int)ceil(log10(max > 0 ? max : 1));
	if (hi_dec <= lo_dec)
		hi_dec = lo_dec + 1;
	double bw = pw / (n > 0 ? n : 1);
#define PLOT_Y(p)                                                              \
	(log_scale ? T + ph - ph * ((p) > 0 ? (log10(p) - lo_dec) / (hi_dec - lo_dec) : 0) \
	           : T + ph - ph * (p) / top)
	svg_begin(f, W, H);
	fprintf(f, "<text x=\"%g\" y=\"25\" text-anchor=\"middle\" font-size=\"16\">"
	           "Random play on ", W / 2);
	/* a board file may name its board with '&' or '<' */
	svg_text(f, pegsol_board_name(b));
	fprintf(f, ": how many jumps until no jump is left</text>\n");
	if (log_scale) {
		int every = (hi_dec - lo_dec + 9) / 10; /* at most ten labels */
		for (int d = lo_dec; d <= hi_dec; d++) {
			double y = PLOT_Y(pow(10, d));
			fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#ddd\"/>\n",
			        L, y, L + pw, y);
			if ((d - lo_dec) % every == 0)
				fprintf(f, "<text class=\"tick\" x=\"%g\" y=\"%g\" "
				           "text-anchor=\"end\">1e%d</text>\n", L - 6, y + 4, d);
		}
	} else {
		int ticks = (int)lround(top / step);
		for (int k = 0; k <= ticks; k++) {
			double v = step * k, y = PLOT_Y(v);
			fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#ddd\"/>\n",
			        L, y, L + pw, y);
			fprintf(f, "<text class=\"tick\" x=\"%g\" y=\"%g\" text-anchor=\"end\">%.3g"
			           "</text>\n", L - 6, y + 4, v);
		}
	}
	for (int i = 0; i < n; i++) {
		double p = r->level[i].prob, x = L + i * bw, y = PLOT_Y(p);
		if (p > 0)
			fprintf(f, "<rect class=\"bar\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
			           "height=\"%.2f\" fill=\"#4a78b0\"><title>%d jump%s: %.6g"
			           "</title></rect>\n",
			        x + bw * 0.1, y, bw * 0.8, T + ph - y, i, PLURAL_S(i), p);
		if (sim && sim->games && sim->ends[i])
			fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"#c0392b\"/>\n",
			        x + bw / 2, PLOT_Y((double)sim->ends[i] / sim->games));
		if (n <= 40 || i % 2 == 0)
			fprintf(f, "<text x=\"%.2f\" y=\"%g\" text-anchor=\"middle\">%d</text>\n",
			        x + bw / 2, T + ph + 16, i);
	}
	if (line) {
		/* log: every level that can still finish; linear: up to the
		 * first that cannot, to 0 */
		fprintf(f, "<polyline class=\"can-finish\" fill=\"none\" stroke=\"#2e8b57\" "
		           "stroke-width=\"2\" points=\"");
		for (int i = 0; i < n; i++) {
			double q = r->level[i].can_finish;
			if (log_scale && !(q > 0))
				break;
			fprintf(f, "%s%.2f,%.2f", i ? " " : "", L + i * bw + bw / 2,
			        log_scale ? PLOT_Y(q) : T + ph - ph * q);
			if (!(q > 0))
				break;
		}
		fprintf(f, "\"><title>P(the game can still reach the finish) after n "
		           "jumps</title></polyline>\n");
		if (right) {
			fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" "
			           "stroke=\"#2e8b57\"/>\n", L + pw, T, L + pw, T + ph);
			for (int k = 0; k <= 4; k++)
				fprintf(f, "<text class=\"tick-right\" x=\"%g\" y=\"%g\" "
				           "fill=\"#2e8b57\">%g</text>\n",
				        L + pw + 6, T + ph - ph * k / 4 + 4, k / 4.0);
		}
		fprintf(f, "<text x=\"%g\" y=\"%g\" fill=\"#2e8b57\">line: P(the game can "
		           "still reach the finish)%s</text>\n",
		        L + 6, T - 6, right ? ", right axis" : "");
	}
#undef PLOT_Y
	fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"black\"/>\n", L,
	        T + ph, L + pw, T + ph);
	fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"black\"/>\n", L, T,
	        L, T + ph);
	fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">jumps played "
	           "(pegs left = %d - jumps)</text>\n",
	        L + pw / 2, H - 20, start_pegs);
	fprintf(f, "<text x=\"20\" y=\"%g\" text-anchor=\"middle\" "
	           "transform=\"rotate(-90 20 %g)\">probability the game ends there%s</text>\n",
	        T + ph / 2, T + ph / 2, log_scale ? " (log scale)" : "");
	if (sim && sim->games)
		fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"end\" fill=\"#c0392b\">"
		           "dots: %llu simulated games</text>\n",
		        L + pw, T - 6, (unsigned long long)sim->games);
	fputs("</svg>\n", f);
	return cli_commit_output(out);
}

static void ending_cells(table *t, const cli *c, const pegsol_random_ending *x,
                         int rank)
{
	table_row(t);
	table_cell(t, "%d", rank);
	table_cell(t, "%.6e", x->prob);
	table_cell_rich(t, one_in_rich(x->prob));
	table_cell(t, "%d", x->orbit);
	table_cell(t, "%d", pegsol_pos_count(x->pos));
	table_cell_rich(t, rich_holes(c->board, x->pos, c->notation));
}

static const table_col ending_cols[] = {
	{"rank", "rank", COL_INT},
	{"probability", "probability", COL_REAL},
	{"one_in", "1 in", COL_REAL},
	{"images", "images", COL_INT},
	{"pegs", "pegs", COL_INT},
	{"position", "pegs at", COL_TEXT},
};

/* --simulate-only: the simulated distribution alone, each frequency with
 * its 95% Wilson interval. */
static void emit_simulation(const cli *c, const pegsol_simulation *sim,
                            unsigned long long games, unsigned long long seed,
                            double secs)
{
	static const table_col cols[] = {
		{"jumps", "jumps", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"simulated", "simulated", COL_REAL},
		{"ci_low", "95% low", COL_REAL},
		{"ci_high", "95% high", COL_REAL},
	};
	table t;
	table_init(&t, "levels", NULL, 5, cols);
	int start_pegs = pegsol_pos_count(c->problem.start);
	double lo, hi;
	for (int n = 0; n <= start_pegs; n++) {
		if (!sim->ends[n])
			continue; /* no simulated game ended here: nothing to say */
		wilson(sim->ends[n], games, &lo, &hi);
		table_row(&t);
		table_cell(&t, "%d", n);
		table_cell(&t, "%d", start_pegs - n);
		table_cell(&t, "%.6e", (double)sim->ends[n] / games);
		table_cell(&t, "%.6e", lo);
		table_cell(&t, "%.6e", hi);
	}
	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_games(&e, games, seed);
	emit_value(&e, "exact", "exact distribution", COL_TEXT,
	           "not computed (--simulate-only)");
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	wilson(sim->one_peg, games, &lo, &hi);
	emit_value(&e, "sim_one_peg", "simulated P(one peg left)", COL_REAL, "%.6g",
	           (double)sim->one_peg / games);
	emit_value_rich(&e, "sim_one_peg_ci", "  95% interval", interval_rich(lo, hi));
	wilson(sim->finish, games, &lo, &hi);
	emit_value(&e, "sim_finish", "simulated P(ending at the finish)", COL_REAL, "%.6g",
	           (double)sim->finish / games);
	emit_value_rich(&e, "sim_finish_ci", "  95% interval", interval_rich(lo, hi));
	emit_value(&e, "sim_pegs_left", "simulated mean pegs left", COL_REAL, "%.6g",
	           (double)sim->pegs_left / games);
	emit_value(&e, "simulation_seconds", "simulation time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
}

/* --finish-only: P(ending at the finish) from the winning positions
 * alone, printed as the full analysis prints it. */
static int finish_alone(cli *c)
{
	progress prog;
	pegsol_level_options lopt;
	pegsol_random_finish_result r;
	pegsol_error err;
	level_cli_begin(c, &prog, &lopt);
	pegsol_status st = pegsol_random_finish(&c->problem, &lopt, &r, &err);
	double secs = progress_now() - prog.start;
	progress_done(&prog);
	if (st != PEGSOL_OK)
		return cli_report(c, &err);
	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d", r.symmetry_order);
	emit_value(&e, "precision", "arithmetic", COL_TEXT,
	           "fixed point, 126 bits after the point, shares rounded down");
	emit_value(&e, "winning_positions", "winning positions (orbits)", COL_COUNT,
	           "%llu", (unsigned long long)r.winning_positions);
	/* level by level: W_n and the chance that the game is still in it */
	static const table_col cols[] = {
		{"jumps", "jumps", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"winning", "winning", COL_COUNT},
		{"can_finish", "P(can finish)", COL_REAL},
	};
	table t;
	table_init(&t, "levels", NULL, 4, cols);
	int start_pegs = pegsol_pos_count(c->problem.start);
	for (int n = 0; n < r.nlevels; n++) {
		table_row(&t);
		table_cell(&t, "%d", n);
		table_cell(&t, "%d", start_pegs - n);
		table_cell(&t, "%llu", (unsigned long long)r.winning[n]);
		table_cell(&t, "%.6e", r.can_finish[n]);
	}
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	emit_value(&e, "finish_probability", "P(ending at the finish)", COL_REAL, "%.10g",
	           r.finish);
	emit_value_rich(&e, "finish_one_in", "  1 in", one_in_rich(r.finish));
	emit_value(&e, "exact_seconds", "exact time (s)", COL_REAL, "%.2f", secs);
	emit_end(&e);
	table_free(&t);
	return 0;
}

/* The exact distribution and the simulation beside it, for the table. */
typedef struct {
	const pegsol_random_result *r;
	const pegsol_simulation *sim; /* games: its frequencies */
	uint64_t games, seed;
	int orbits;
	double exact_secs, sim_secs;
} random_found;

/* The table per jump count, into t_ with its columns in shown (which the
 * table keeps); *outside: the counts whose exact probability is outside
 * the simulation's interval. */
static void levels_table(table *t_, table_col shown[11], const cli *c,
                         const random_found *o, int *outside, uint64_t *dead_classes)
{
	const pegsol_random_result *r = o->r;
	const pegsol_simulation *sim = o->sim;
	uint64_t games = o->games;
	int orbits = o->orbits;
	static const table_col cols[] = {
		{"jumps", "jumps", COL_INT},
		{"pegs", "pegs", COL_INT},
		{"positions", "positions", COL_COUNT},
		{"deadend_positions", "dead ends", COL_COUNT},
		{"probability", "P(ends here)", COL_REAL},
		{"one_in", "1 in", COL_REAL},
		{"simulated", "simulated", COL_REAL},
		{"ci_low", "95% low", COL_REAL},
		{"ci_high", "95% high", COL_REAL},
		{"inside", "inside", COL_TEXT},
		{"can_finish", "P(can finish)", COL_REAL},
	};
	/* the chance that the game can still finish comes last, so that the
	 * columns before it stay where scripts read them */
	int ncols = games ? 10 : 6;
	memcpy(shown, cols, (size_t)ncols * sizeof *cols);
	if (r->can_finish_known)
		shown[ncols++] = cols[10];
	table_init(t_, "levels", NULL, ncols, shown);
	int start_pegs = pegsol_pos_count(c->problem.start);
	for (int n = 0; n < r->nlevels; n++) {
		const pegsol_random_level *l = &r->level[n];
		/* --up-to-symmetry: one per class, as the levels store them (the
		 * probabilities are of every raw position, whatever the count) */
		uint64_t pos = orbits ? l->positions : l->positions_raw;
		uint64_t dead = orbits ? l->deadends : l->deadends_raw;
		*dead_classes += l->deadends;
		table_row(t_);
		table_cell(t_, "%d", n);
		table_cell(t_, "%d", start_pegs - n);
		table_cell(t_, "%llu", (unsigned long long)pos);
		table_cell(t_, "%llu", (unsigned long long)dead);
		table_cell(t_, "%.6e", l->prob);
		table_cell_rich(t_, one_in_rich(l->prob));
		if (games) {
			double lo, hi;
			wilson(sim->ends[n], games, &lo, &hi);
			int inside = l->prob >= lo && l->prob <= hi;
			*outside += !inside;
			table_cell(t_, "%.6e", (double)sim->ends[n] / games);
			table_cell(t_, "%.6e", lo);
			table_cell(t_, "%.6e", hi);
			table_cell_rich(t_, rich_bool(inside));
		}
		if (r->can_finish_known)
			table_cell(t_, "%.6e", l->can_finish);
	}
}

/* The exact distribution, the simulation beside it, the endings. */
static void emit_exact(const cli *c, const random_found *o)
{
	const pegsol_random_result *r = o->r;
	const pegsol_simulation *sim = o->sim;
	const pegsol_board *b = c->board;
	uint64_t games = o->games, seed = o->seed, dead_classes = 0;
	int orbits = o->orbits, outside = 0;
	double exact_secs = o->exact_secs, sim_secs = o->sim_secs;
	table t;
	table_col shown[11];
	levels_table(&t, shown, c, o, &outside, &dead_classes);
	table most, least;
	table_init(&most, "most_likely", "Most likely final positions (each image):", 6,
	           ending_cols);
	table_init(&least, "least_likely", "Least likely final positions (each image):", 6,
	           ending_cols);
	for (int i = 0; i < r->nmost; i++)
		ending_cells(&most, c, &r->most[i], i + 1);
	for (int i = 0; i < r->nleast; i++)
		ending_cells(&least, c, &r->least[i], i + 1);

	emitter e;
	emit_begin(&e, stdout, c->format);
	level_cli_emit_problem(&e, c);
	emit_value(&e, "symmetries", "symmetries used", COL_INT, "%d", r->symmetry_order);
	if (orbits)
		emit_value(&e, "counted", "positions and dead ends counted", COL_TEXT, "%s",
		           "once per symmetry class");
	emit_value(&e, "precision", "arithmetic", COL_TEXT,
	           "fixed point, 126 bits after the point, shares rounded down");
	if (games)
		emit_games(&e, games, seed);
	emit_text(&e, "\n");
	emit_table(&e, &t);
	emit_text(&e, "\n");
	if (orbits)
		emit_value(&e, "deadend_canonical", "dead ends up to symmetry", COL_COUNT,
		           "%llu", (unsigned long long)dead_classes);
	emit_value(&e, "rounding", "probability lost to rounding", COL_REAL, "%.3g",
	           r->rounding);
	emit_value(&e, "total", "sum of the probabilities (as doubles)", COL_REAL,
	           "%.17g", r->total);
	emit_value(&e, "one_peg", "P(one peg left)", COL_REAL, "%.10g", r->one_peg);
	emit_value_rich(&e, "one_peg_one_in", "  1 in", one_in_rich(r->one_peg));
	emit_value(&e, "finish_probability", "P(ending at the finish)", COL_REAL, "%.10g",
	           r->finish);
	emit_value_rich(&e, "finish_one_in", "  1 in", one_in_rich(r->finish));
	emit_value(&e, "pegs_left", "expected pegs left", COL_REAL, "%.10g", r->pegs_left);
	emit_value(&e, "expected_jumps", "expected jumps", COL_REAL, "%.10g",
	           r->expected_jumps);
	if (games) {
		double lo, hi, m = (double)sim->pegs_left / games;
		wilson(sim->one_peg, games, &lo, &hi);
		emit_value(&e, "sim_one_peg", "simulated P(one peg left)", COL_REAL, "%.6g",
		           (double)sim->one_peg / games);
		emit_value_rich(&e, "sim_one_peg_ci", "  95% interval", interval_rich(lo, hi));
		wilson(sim->finish, games, &lo, &hi);
		emit_value(&e, "sim_finish", "simulated P(ending at the finish)", COL_REAL, "%.6g",
		           (double)sim->finish / games);
		emit_value_rich(&e, "sim_finish_ci", "  95% interval", interval_rich(lo, hi));
		emit_value(&e, "sim_pegs_left", "simulated mean pegs left", COL_REAL, "%.6g", m);
		emit_value(&e, "outside", "jump counts outside their 95% interval", COL_INT, "%d",
		           outside);
	}
	emit_text(&e, "\n");
	emit_table(&e, &most);
	if (r->nmost && c->format == FORMAT_TEXT) {
		cli_flush_output(stdout);
		cli_print_position(stdout, b, r->most[0].pos, "    ");
	}
	emit_text(&e, "\n");
	emit_table(&e, &least);
	if (r->nleast && c->format == FORMAT_TEXT) {
		cli_flush_output(stdout);
		cli_print_position(stdout, b, r->least[0].pos, "    ");
	}
	emit_text(&e, "\n");
	emit_value(&e, "exact_seconds", "exact time (s)", COL_REAL, "%.2f", exact_secs);
	if (games)
		emit_value(&e, "simulation_seconds", "simulation time (s)", COL_REAL, "%.2f",
		           sim_secs);
	emit_end(&e);
	table_free(&t);
	table_free(&most);
	table_free(&least);
	table_free(&t);
	table_free(&most);
	table_free(&least);
}

/* The exact distribution on the level engine into r; 0, or the exit code
 * after the message. */
static int exact_run(cli *c, pegsol_random_result *r, double *secs)
{
	progress prog;
	pegsol_level_options lopt;
	pegsol_error err;
	level_cli_begin(c, &prog, &lopt);
	pegsol_status st = pegsol_random_play_levels(&c->problem, &lopt, r, &err);
	*secs = progress_now() - prog.start;
	progress_done(&prog);
	if (st == PEGSOL_OK)
		return 0;
	if (st == PEGSOL_ELIMIT && !c->workdir)
		fprintf(stderr, "pegsol random: the exact distribution does not fit "
		        "in memory here: --workdir DIR puts its levels on disk, "
		        "--simulate-only plays random games instead\n");
	return cli_report(c, &err);
}

int cmd_random(int argc, char **argv)
{
	cli c;
	int rc, sim_only = 0, log_scale = 0, finish_only = 0, orbits = 0;
	uint64_t games = 0, seed = 1;
	const char *plot = NULL;
	const cli_opt options[] = {
		OPT_U64(0, "simulate", &games, "N", 1, (uint64_t)1 << 40,
		        "also play N random games and print their frequencies with 95% "
		        "Wilson intervals"),
		OPT_U64(0, "seed", &seed, "S", 0, UINT64_MAX,
		        "the simulation's seed (default: 1)"),
		OPT_STRING(0, "plot", &plot, "FILE",
		           "draw the distribution as an SVG bar chart"),
		OPT_FLAG(0, "log", &log_scale,
		         "... with a log-scale axis (shows the rare ends)"),
		OPT_FLAG(0, "simulate-only", &sim_only,
		         "skip the exact distribution (out of reach on the 41- and "
		         "45-hole boards) and print only the simulated one, with 95% "
		         "intervals (default N: 1000000)"),
		OPT_FLAG(0, "finish-only", &finish_only,
		         "only P(ending at the finish), the same figure, from the "
		         "winning positions alone: much faster (English: 1.7 of 23.5 "
		         "million orbits); per level, the winning positions and P(can "
		         "finish)"),
		OPT_FLAG(0, "up-to-symmetry", &orbits,
		         "the positions and dead ends counted once per class under the "
		         "symmetries that fix start and finish (as George Bell's "
		         "random-play table counts: 21,111 dead ends on the English "
		         "board), with their total"),
		OPT_END()};
	if ((rc = cli_start(&c, &command, argc, argv, options)))
		return rc;
	if (sim_only && plot)
		return cli_usage_error(&c, "--plot draws the exact distribution: it does "
		                       "not go with --simulate-only");
	if (log_scale && !plot)
		return cli_usage_error(&c, "--log is the scale of --plot's axis: it needs "
		                       "--plot FILE");
	if (finish_only && (sim_only || games || plot))
		return cli_usage_error(&c, "--finish-only computes one figure: it does not "
		                       "go with --simulate, --simulate-only or --plot");
	if (orbits && (finish_only || sim_only))
		return cli_usage_error(&c, "--up-to-symmetry counts the table's positions "
		                       "and dead ends: it does not go with --finish-only "
		                       "or --simulate-only");
	if ((rc = cli_load(&c, 1)))
		return rc;

	const pegsol_board *b = c.board;
	if (finish_only) {
		rc = finish_alone(&c);
		cli_free(&c);
		return rc;
	}
	if (sim_only) {
		pegsol_simulation s;
		if (!games)
			games = 1000000;
		double t0 = progress_now();
		pegsol_random_simulate(&c.problem, games, seed, &s);
		emit_simulation(&c, &s, games, seed, progress_now() - t0);
		cli_free(&c);
		return 0;
	}
	pegsol_random_result *r = cli_alloc(&c, sizeof *r);
	pegsol_simulation *sim = calloc(1, sizeof *sim);
	random_found found = {r, sim, games, seed, orbits, 0, 0};
	rc = r && sim ? exact_run(&c, r, &found.exact_secs) : PEGSOL_ELIMIT;
	if (!rc && games) {
		double t0 = progress_now();
		pegsol_random_simulate(&c.problem, games, seed, sim);
		found.sim_secs = progress_now() - t0;
	}
	if (!rc && plot && write_plot(plot, b, pegsol_pos_count(c.problem.start), r,
	                              games ? sim : NULL, log_scale)) {
		fprintf(stderr, "pegsol random: cannot write '%s': %s\n", plot, strerror(errno));
		rc = PEGSOL_EINPUT;
	}
	if (!rc)
		emit_exact(&c, &found);
	free(r);
	free(sim);
	cli_free(&c);
	return rc;
}
