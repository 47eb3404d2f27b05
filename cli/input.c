/*
 * input.c - reading an input file whole, with a cap (see input.h).
 */
#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "16 MiB" for a cap of whole MiB, else bytes. */
static void format_cap(size_t cap, char *buf, size_t size)
{
	if (cap >= (1u << 20) && cap % (1u << 20) == 0)
		snprintf(buf, size, "%zu MiB", cap >> 20);
	else
		snprintf(buf, size, "%zu bytes", cap);
}

int cli_input_load(const char *path, int dash_is_stdin, size_t cap,
                   char **text, char *why, size_t why_size)
{
	*text = NULL;
	FILE *f = dash_is_stdin && !strcmp(path, "-") ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		return PEGSOL_EINPUT;
	}
	/* The buffer doubles from 64 KiB up to cap + 1 bytes (one byte past
	 * the cap tells a file of exactly cap bytes from a larger one) and a
	 * byte for the NUL: never more, whatever the file is. */
	size_t size = (size_t)1 << 16, len = 0;
	if (size > cap + 2)
		size = cap + 2;
	char *buf = malloc(size);
	int rc = 0, err = 0;
	while (buf) {
		errno = 0;
		len += fread(buf + len, 1, size - 1 - len, f);
		if (len < size - 1 || len > cap)
			break; /* the end, an error, or past the cap */
		size_t grown = size * 2 > cap + 2 ? cap + 2 : size * 2;
		char *nb = realloc(buf, grown);
		if (!nb) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = nb;
		size = grown;
	}
	if (ferror(f))
		err = errno ? errno : EIO;
	if (f != stdin)
		fclose(f);
	if (!buf) {
		snprintf(why, why_size, "%s: out of memory reading it", path);
		return PEGSOL_ELIMIT;
	}
	char capname[64];
	format_cap(cap, capname, sizeof capname);
	if (err) {
		snprintf(why, why_size, "%s: cannot read: %s", path, strerror(err));
		rc = PEGSOL_EINPUT;
	} else if (len > cap) {
		snprintf(why, why_size, "%s: input too large (more than %s)", path,
		         capname);
		rc = PEGSOL_EINPUT;
	} else {
		buf[len] = 0;
		/* The parsers read C strings: text after a NUL byte would be
		 * ignored without a word, so such a file is refused. */
		const char *nul = memchr(buf, 0, len);
		if (nul) {
			snprintf(why, why_size, "%s: not a text file (a NUL byte at "
			         "offset %zu)", path, (size_t)(nul - buf));
			rc = PEGSOL_EINPUT;
		}
	}
	if (rc) {
		free(buf);
		return rc;
	}
	*text = buf;
	return 0;
}

int cli_read_input(const cli *c, const char *path, size_t cap, char **text)
{
	char why[CLI_INPUT_WHY_SIZE];
	int rc = cli_input_load(path, 1, cap, text, why, sizeof why);
	if (rc)
		fprintf(stderr, "pegsol %s: %s\n", c->command, why);
	return rc;
}
