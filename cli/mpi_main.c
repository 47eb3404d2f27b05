/*
 * cli/mpi_main.c - pegsol-mpi: `pegsol count` and `pegsol levels` with their
 * levels spread over MPI ranks by the library's MPI store (pegsol/mpi.h),
 * in memory or, with a work directory, on disk within each rank.  The
 * commands are pegsol's own; this program adds its options (--in-memory,
 * --chunk) and the store through cli_hooks.  Every rank runs the same
 * command; rank 0 prints, the others are silent but for errors.
 *
 *   mpirun -np 4 pegsol-mpi count -b english
 *   mpirun -np 4 pegsol-mpi count -b french --workdir /scratch/fr --memory 8G
 */
#include "cli.h"
#include "commands.h"
#include "pegsol/mpi.h"

#include <errno.h>
#include <malloc.h>
#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* pegsol-mpi's own options (cli_hooks.options), for the store of the run
 * (cli_hooks.store), which is made once they are read. */
static int levels_in_memory;
static uint64_t chunk;
static pegsol_store *store;

static const cli_opt options[] = {
	OPT_FLAG(0, "in-memory", &levels_in_memory,
	         "with --workdir: the levels stay in memory (faster when they "
	         "fit); DIR holds only the checkpoints"),
	OPT_U64(0, "chunk", &chunk, "N", 1, SIZE_MAX,
	        "levels on disk: the most positions a rank expands, sends or "
	        "sorts at once (default: what --memory allows; small values are "
	        "for tests)"),
	OPT_END()};

static void usage(FILE *f)
{
	fputs("Usage: mpirun -np N pegsol-mpi count|levels [OPTIONS]\n"
	      "The commands count and levels (by jumps) of pegsol, with every\n"
	      "level spread over the MPI ranks by a hash of its positions: each\n"
	      "rank holds and expands its share, children go to their owners in\n"
	      "bounded batches.  Rank 0 prints the same tables as pegsol.\n"
	      "levels --winning walks through the winning positions the same\n"
	      "way (complements go to their owners).\n"
	      "--memory is per rank; its default and -j's are the node's memory\n"
	      "and cores divided among the ranks on the node.\n"
	      "--workdir DIR keeps each rank's share of every level on disk, as\n"
	      "pegsol --workdir does, in DIR/rank-R-of-N (DIR may be shared or\n"
	      "each node's own): a rank expands its parents in chunks within\n"
	      "--memory, and sorts the children it receives into runs that it\n"
	      "merges into its level files.  Every level is checkpointed, and\n"
	      "--resume carries on a job stopped or killed, with the same number\n"
	      "of ranks.\n"
	      "Its own options, --in-memory and --chunk N, are listed with the\n"
	      "disk options of each command.\n"
	      "Not supported: levels --by moves (use pegsol).\n"
	      "See 'pegsol COMMAND --help' for the options.\n",
	      f);
}

/* cli_hooks.store: the levels over the ranks of the job (the work
 * directory and --resume come with the command's options) */
static pegsol_store *job_store(const cli *c)
{
	pegsol_error err;
	if (!store && pegsol_mpi_store_new(MPI_COMM_WORLD, levels_in_memory,
	                                   (size_t)chunk,
	                                   &store, &err) != PEGSOL_OK) {
		fprintf(stderr, "pegsol-mpi %s: %s\n", c->command, err.message);
		MPI_Abort(MPI_COMM_WORLD, err.status);
	}
	return store;
}

/* The cores this process may run on. */
static int cores(void)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

int main(int argc, char **argv)
{
	mallopt(M_MMAP_THRESHOLD, 1 << 20); /* as pegsol: see its main.c */
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? PEGSOL_EUSAGE : 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("pegsol-mpi %s\n", PEGSOL_VERSION);
		return 0;
	}
	int (*run)(int, char **) = !strcmp(argv[1], "count") ? cmd_count
	                         : !strcmp(argv[1], "levels") ? cmd_levels : NULL;
	if (!run) {
		fprintf(stderr, "pegsol-mpi: '%s' is not a command of pegsol-mpi "
		        "(count, levels); use pegsol\n", argv[1]);
		return PEGSOL_EUSAGE;
	}
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--by") || !strncmp(argv[i], "--by=", 5)) {
			fprintf(stderr, "pegsol-mpi: %s is not supported by pegsol-mpi; "
			        "use pegsol\n", argv[i]);
			return PEGSOL_EUSAGE;
		}
	cli_hooks.options = options;
	cli_hooks.store = job_store;
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return run(argc - 1, argv + 1); /* prints and exits */
	int provided;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	/* rank 0 speaks for the job */
	if (rank != 0 && !freopen("/dev/null", "w", stdout)) {
		MPI_Abort(MPI_COMM_WORLD, PEGSOL_EINTERNAL);
		return PEGSOL_EINTERNAL;
	}
	/* the ranks of a node share its cores */
	const char *local = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
	int per_node = local && atoi(local) > 0 ? atoi(local) : 1;
	cli_default_threads = (cores() + per_node - 1) / per_node;
	cli_processes_per_node = per_node;
	int rc = run(argc - 1, argv + 1);
	/* every rank ends the same way: the first failure decides */
	int worst = 0;
	MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	pegsol_mpi_store_free(store);
	MPI_Finalize();
	return worst;
}
