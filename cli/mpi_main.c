/*
 * cli/mpi_main.c - pegsol-mpi: `pegsol count` and `pegsol levels` with their
 * levels spread over MPI ranks (level_store_mpi.c), in memory or, with a
 * work directory, on disk within each rank (level_store_mpi_disk.c).
 * Every rank runs the same command; rank 0 prints, the others are silent
 * but for errors.
 *
 *   mpirun -np 4 pegsol-mpi count -b english
 *   mpirun -np 4 pegsol-mpi count -b french --workdir /scratch/fr --memory 8G
 */
#include "cli.h"
#include "commands.h"
#include "store/mpi/level_store_mpi.h"
#include "core/parallel.h"

#include <errno.h>
#include <malloc.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *mpi_checkpoint_dir;
int mpi_checkpoint_resume;
int mpi_levels_in_memory;
size_t mpi_chunk;

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
	      "  --in-memory  with --workdir: the levels stay in memory (faster\n"
	      "               when they fit); DIR holds only the checkpoints\n"
	      "  --chunk N    levels on disk: the most positions a rank expands,\n"
	      "               sends or sorts at once (default: what --memory\n"
	      "               allows; small values are for tests)\n"
	      "Not supported: levels --by moves (use pegsol).\n"
	      "See 'pegsol COMMAND --help' for the options.\n",
	      f);
}

/* --chunk's value: a positive number of positions. */
static int parse_chunk(const char *arg)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(arg, &end, 10);
	if (errno || end == arg || *end || !v || arg[0] == '-') {
		fprintf(stderr, "pegsol-mpi: --chunk takes a positive number of "
		        "positions, not '%s'\n", arg);
		return 0;
	}
	mpi_chunk = (size_t)v;
	return 1;
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
	/* --workdir and --resume are pegsol-mpi's own (per rank): taken out
	 * before the command sees them, which would otherwise put the levels
	 * in pegsol's single-process disk store; so are --in-memory and
	 * --chunk, which pegsol does not have */
	int kept = 2;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--workdir") && i + 1 < argc)
			mpi_checkpoint_dir = argv[++i];
		else if (!strncmp(argv[i], "--workdir=", 10))
			mpi_checkpoint_dir = argv[i] + 10;
		else if (!strcmp(argv[i], "--resume"))
			mpi_checkpoint_resume = 1;
		else if (!strcmp(argv[i], "--in-memory"))
			mpi_levels_in_memory = 1;
		else if (!strcmp(argv[i], "--chunk") && i + 1 < argc) {
			if (!parse_chunk(argv[++i]))
				return PEGSOL_EUSAGE;
		} else if (!strncmp(argv[i], "--chunk=", 8)) {
			if (!parse_chunk(argv[i] + 8))
				return PEGSOL_EUSAGE;
		} else {
			argv[kept++] = argv[i];
		}
	}
	argc = kept;
	argv[argc] = NULL;
	if (mpi_checkpoint_resume && !mpi_checkpoint_dir) {
		fprintf(stderr, "pegsol-mpi: --resume needs the --workdir of the run\n");
		return PEGSOL_EUSAGE;
	}
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
	cli_default_threads = (parallel_cores() + per_node - 1) / per_node;
	cli_processes_per_node = per_node;
	level_store_default = level_store_mpi;
	struct stat sb;
	int rc;
	errno = 0;
	if (mpi_checkpoint_dir && (stat(mpi_checkpoint_dir, &sb) || !S_ISDIR(sb.st_mode))) {
		fprintf(stderr, "pegsol-mpi: work directory %s: %s\n", mpi_checkpoint_dir,
		        errno ? strerror(errno) : "not a directory");
		rc = PEGSOL_EINPUT;
	} else {
		rc = run(argc - 1, argv + 1);
	}
	/* every rank ends the same way: the first failure decides */
	int worst = 0;
	MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	MPI_Finalize();
	return worst;
}
