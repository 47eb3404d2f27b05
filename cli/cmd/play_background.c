/*
 * play_background.c - the background solver of `pegsol play` (see play.h).
 *
 * On big boards the solver often cannot decide a jump within the --think
 * limit that keeps the screen responsive, and the hints read '?'.  This
 * child process takes over the question while the player thinks: for the
 * position shown, it asks its own hints table about every jump still
 * unknown, with twice the foreground's limit, then twice that, and so on
 * until all are decided or the --background budget for the position is
 * spent, reporting after each answer.  A new position from the parent
 * ends the work on the old one between two solver calls.
 *
 * Its answers are as trustworthy as the foreground's: they come from the
 * same library calls (a winning verdict was replayed, a losing one proved).
 * The parent never waits for the child: it polls the pipe, and quitting
 * kills the child whatever it is doing.
 */
#include "play.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(bg_record) <= PIPE_BUF, "a report is one atomic write");

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The latest position the parent sent, when it sent one (waiting for it
 * when block); 0 when none came, -1 when the parent is gone. */
static int latest(int fd, int block, pegsol_pos *pos)
{
	int got = 0;
	for (;;) {
		struct pollfd pf = {fd, POLLIN, 0};
		int r = poll(&pf, 1, block && !got ? -1 : 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return got;
		pegsol_pos p;
		ssize_t n = read(fd, &p, sizeof p);
		if (n != (ssize_t)sizeof p)
			return -1; /* the parent closed the pipe, or broke it */
		*pos = p;
		got = 1;
	}
}

static void report(int fd, const bg_record *r)
{
	/* one write of at most PIPE_BUF bytes: never split or interleaved;
	 * a parent that is gone ends the child (EPIPE) */
	if (write(fd, r, sizeof *r) != (ssize_t)sizeof *r)
		_exit(0);
}

/* Works on pos until it is decided, the budget is spent or a new
 * position comes (then returns 1 with it in *pos). */
static int refine(const play *p, pegsol_hints *h, int in, int out, double budget,
                  pegsol_pos *pos)
{
	bg_record r;
	memset(&r, 0, sizeof r);
	r.pos = *pos;
	r.working = 1;
	pegsol_jump js[BG_MAX_HINTS];
	int n = pegsol_board_jump_count(p->board) <= BG_MAX_HINTS
	            ? pegsol_legal_jumps(p->board, *pos, js) : 0;
	r.nhints = n;
	for (int i = 0; i < n; i++)
		r.hint[i] = (pegsol_hint){js[i], PEGSOL_VERDICT_UNKNOWN};
	double t0 = now(), limit = 2 * p->think;
	for (int round = 0;; round++) {
		int unknown = 0;
		/* The position itself first: a solution from it settles the
		 * jump it starts with (the hints cache every position along a
		 * verified solution), where each jump alone is a search as
		 * hard, and a player most wants one '+' to follow. */
		if (r.verdict == PEGSOL_VERDICT_UNKNOWN) {
			double left = budget - (now() - t0);
			if (left <= 0)
				break;
			r.verdict = pegsol_hints_position(h, r.pos, limit < left ? limit : left);
			int got = latest(in, 0, pos);
			if (got < 0)
				_exit(0);
			if (got && *pos != r.pos)
				return 1;
		}
		/* While the position is undecided, after one round with the
		 * short limit (where pagodas and position classes prove
		 * losing jumps at once) its jumps wait: each is a search as
		 * hard, and the time goes to the one search that settles one
		 * of them (the French board two jumps from c1, -f any: 77 s
		 * for the position with the 1 GiB table). */
		int jumps_wait = round > 0 && r.verdict == PEGSOL_VERDICT_UNKNOWN;
		for (int i = 0; i < n && !jumps_wait; i++) {
			if (r.hint[i].verdict != PEGSOL_VERDICT_UNKNOWN)
				continue;
			int got = latest(in, 0, pos);
			if (got < 0)
				_exit(0);
			if (got && *pos != r.pos)
				return 1;
			double left = budget - (now() - t0);
			if (left <= 0)
				break;
			r.hint[i].verdict = pegsol_hints_position(
				h, pegsol_pos_jump(r.pos, js[i]), limit < left ? limit : left);
			r.spent = now() - t0;
			report(out, &r);
		}
		for (int i = 0; i < n; i++)
			if (r.hint[i].verdict == PEGSOL_VERDICT_UNKNOWN) {
				/* settled meanwhile by the cache (a solution's path) */
				r.hint[i].verdict = pegsol_hints_position(
					h, pegsol_pos_jump(r.pos, js[i]), 0.001);
				unknown += r.hint[i].verdict == PEGSOL_VERDICT_UNKNOWN;
			}
		/* the position itself, from its jumps (or the cache) */
		r.verdict = pegsol_hints_position(h, r.pos, 0.01);
		if (!unknown || now() - t0 >= budget)
			break;
		limit *= 2;
	}
	size_t ns = 0;
	if (r.verdict == PEGSOL_VERDICT_WINNING &&
	    pegsol_hints_solution(h, r.pos, 0.01, r.solution, &ns) ==
	        PEGSOL_VERDICT_WINNING)
		r.nsolution = (int)ns;
	r.working = 0;
	r.spent = now() - t0;
	report(out, &r);
	return 0;
}

static void child(const play *p, int in, int out, double budget)
{
	pegsol_hints *h;
	pegsol_error err;
	pegsol_oracle solver = pegsol_oracle_solver();
	/* a bigger table than the solver's default (see play.c) */
	static pegsol_solve_options opts;
	opts.memory = p->bg_memory;
	if (opts.memory)
		solver.ctx = &opts;
	if (pegsol_hints_new(p->problem, &solver, &h, &err) != PEGSOL_OK)
		_exit(0);
	pegsol_pos pos = 0;
	int have = 0;
	for (;;) {
		if (!have) {
			if (latest(in, 1, &pos) < 0)
				_exit(0);
		}
		have = refine(p, h, in, out, budget, &pos);
	}
}

int bg_start(play *p, double budget)
{
	int down[2], up[2];
	memset(&p->bg, 0, sizeof p->bg);
	if (budget <= 0 || pipe(down))
		return 0;
	if (pipe(up)) {
		close(down[0]);
		close(down[1]);
		return 0;
	}
	pid_t pid = fork();
	if (pid == 0) {
#ifdef __linux__
		/* a game killed outright must not leave the child solving for
		 * another minute (elsewhere it ends at its next report) */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		close(down[1]);
		close(up[0]);
		/* not the terminal's: a ^C reaches the child too, and that is
		 * what it should do; its output would garble the screen */
		child(p, down[0], up[1], budget);
		_exit(0);
	}
	close(down[0]);
	close(up[1]);
	if (pid < 0) {
		close(down[1]);
		close(up[0]);
		return 0;
	}
	/* a child that died must not kill the game with SIGPIPE */
	signal(SIGPIPE, SIG_IGN);
	fcntl(up[0], F_SETFL, fcntl(up[0], F_GETFL) | O_NONBLOCK);
	p->bg.pid = (int)pid;
	p->bg.to_child = down[1];
	p->bg.from_child = up[0];
	return 1;
}

void bg_request(play *p, pegsol_pos pos)
{
	if (!p->bg.pid || (p->bg.asked_valid && p->bg.asked == pos))
		return;
	p->bg.asked = pos;
	p->bg.asked_valid = 1;
	if (write(p->bg.to_child, &pos, sizeof pos) != (ssize_t)sizeof pos)
		bg_stop(p); /* the child is gone: play on without it */
}

/* Copies into the screen's hints and verdict what the background decided
 * about the position now and the foreground did not; 1 when it changed. */
static int merge(play *p)
{
	const bg_record *b = &p->bg.last;
	pegsol_pos pos = pegsol_game_position(p->game);
	int changed = 0;
	if (!p->bg.have || b->pos != pos)
		return 0;
	if (p->hints_pos == pos)
		for (int i = 0; i < p->nhints; i++)
			for (int k = 0; k < b->nhints; k++)
				if (p->hint[i].verdict == PEGSOL_VERDICT_UNKNOWN &&
				    b->hint[k].verdict != PEGSOL_VERDICT_UNKNOWN &&
				    !memcmp(&p->hint[i].jump, &b->hint[k].jump,
				            sizeof p->hint[i].jump)) {
					p->hint[i].verdict = b->hint[k].verdict;
					changed = 1;
				}
	if (p->verdict_pos == pos && p->verdict == PEGSOL_VERDICT_UNKNOWN) {
		/* a winning jump wins the position; all losing lose it */
		pegsol_verdict v = b->verdict;
		int losing = 0;
		for (int k = 0; k < b->nhints; k++) {
			if (b->hint[k].verdict == PEGSOL_VERDICT_WINNING)
				v = PEGSOL_VERDICT_WINNING;
			losing += b->hint[k].verdict == PEGSOL_VERDICT_LOSING;
		}
		if (b->nhints && losing == b->nhints)
			v = PEGSOL_VERDICT_LOSING;
		changed |= v != PEGSOL_VERDICT_UNKNOWN;
		p->verdict = v;
	}
	return changed;
}

int bg_collect(play *p)
{
	if (!p->bg.pid)
		return 0;
	bg_record r;
	int fresh = 0;
	while (read(p->bg.from_child, &r, sizeof r) == (ssize_t)sizeof r) {
		p->bg.last = r;
		p->bg.have = fresh = 1;
	}
	/* merged also when nothing came: the foreground may have asked
	 * again (hints turned on) after the background was done */
	return merge(p) || fresh;
}

int bg_solution(const play *p, pegsol_pos pos, pegsol_jump *jumps, size_t *n)
{
	const bg_record *b = &p->bg.last;
	if (!p->bg.have || b->pos != pos || b->nsolution <= 0)
		return 0;
	memcpy(jumps, b->solution, (size_t)b->nsolution * sizeof *jumps);
	*n = (size_t)b->nsolution;
	return 1;
}

int bg_working(const play *p, pegsol_pos pos, double *spent)
{
	const bg_record *b = &p->bg.last;
	if (!p->bg.pid || !p->bg.have || b->pos != pos)
		return 0;
	*spent = b->spent;
	return b->working;
}

void bg_stop(play *p)
{
	if (!p->bg.pid)
		return;
	kill((pid_t)p->bg.pid, SIGKILL);
	waitpid((pid_t)p->bg.pid, NULL, 0);
	close(p->bg.to_child);
	close(p->bg.from_child);
	p->bg.pid = 0;
}
