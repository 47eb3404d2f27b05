# web.mk - builds the page in the browser (make web): libpegsol compiled to
# WebAssembly by emscripten (Debian's emcc), single-threaded, without the
# disk store (PEGSOL_NO_DISK: its level files need zstd, which has no
# WebAssembly build in Debian; every level is kept in memory and a work
# directory is refused), plus the page's own files, into
# $(OUT) (build-web/), which any static server serves:
#   python3 -m http.server -d build-web
# Run from the repository root: make -f web/web.mk OUT=build-web NATIVE=build
# NATIVE is the native build whose libpegsol.a makes the English table.
OUT ?= build-web
NATIVE ?= build
# Debian's emscripten finds its JavaScript tools (acorn) there when node
# is not Debian's own
export NODE_PATH := /usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))

LAYERS := core board engine store search analysis game
# the disk store and what only it reaches: level files are zstd-compressed
DISK := level_file level_store_disk level_dir level_runs level_scan \
        level_range_expand level_chunk_expand
SRCS := $(filter-out $(DISK:%=src/store/%.c), \
          $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))) \
        web/pegsol_web.c
OBJS := $(SRCS:%.c=$(OUT)/obj/%.o)

# the project's warnings, as errors (clang has no -Wformat-truncation)
CFLAGS := -std=gnu11 -O2 -D_GNU_SOURCE -DPEGSOL_NO_DISK -Iinclude -Isrc \
          -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -MMD -MP
LDFLAGS := -O2 --no-entry -sMODULARIZE -sEXPORT_NAME=createPegsol \
           -sALLOW_MEMORY_GROWTH=1 -sFORCE_FILESYSTEM=1 \
           -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,FS

PAGE := $(patsubst web/%,$(OUT)/%,$(filter-out web/make_single.js, \
          $(wildcard web/*.html web/*.js web/*.css))) \
        $(OUT)/manifest.webmanifest $(OUT)/icon.svg
TABLES := $(OUT)/tables/english.pwt.gz $(OUT)/tables/english-explore.json

all: $(OUT)/pegsol.js $(PAGE) $(TABLES) $(OUT)/pegsol.html

$(OUT)/obj/%.o: %.c web/web.mk
	@mkdir -p $(dir $@)
	emcc $(CFLAGS) -c $< -o $@

$(OUT)/pegsol.js: $(OBJS)
	emcc $(LDFLAGS) $(OBJS) -o $@

# pegsol.html: the page in one file (web/make_single.js), the library
# linked once more with its WebAssembly inside
$(OUT)/obj/pegsol-single.js: $(OBJS)
	emcc $(LDFLAGS) -sSINGLE_FILE=1 $(OBJS) -o $@
$(OUT)/pegsol.html: web/make_single.js $(OUT)/obj/pegsol-single.js \
                    $(wildcard web/*.html web/*.js web/*.css)
	node web/make_single.js $(OUT)/obj/pegsol-single.js $@

$(OUT)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@

# The English central game's winning positions, computed natively (2 s
# with every core) and shipped, so that its hints are exact at once.
$(OUT)/obj/make_table: web/make_table.c $(NATIVE)/libpegsol.a
	$(CC) -O2 -Wall -Wextra -Werror -Iinclude $< $(NATIVE)/libpegsol.a \
	      -lzstd -lpthread -lm -o $@
$(OUT)/tables/english.pwt.gz: $(OUT)/obj/make_table
	@mkdir -p $(dir $@)
	$(OUT)/obj/make_table english "" "" $(OUT)/tables/english.pwt
	gzip -9 -f $(OUT)/tables/english.pwt

# The English central game's Explore figures (levels by jumps, a shortest
# solution, random play), computed natively and shipped (explore.js): the
# browser's one thread would take minutes and gigabytes.
$(OUT)/obj/make_explore: web/make_explore.c $(NATIVE)/libpegsol.a
	$(CC) -O2 -Wall -Wextra -Werror -Iinclude $< $(NATIVE)/libpegsol.a \
	      -lzstd -lpthread -lm -o $@
$(OUT)/tables/english-explore.json: $(OUT)/obj/make_explore
	@mkdir -p $(dir $@)
	$(OUT)/obj/make_explore english "" "" $@

-include $(OBJS:.o=.d)
.PHONY: all
