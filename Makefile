# Makefile - the thin front door to the CMake build.
#   make          build the CLI at build/pegsol
#   make run      build, then analyse the English board's central game
#   make test     build, then run the whole test suite (what CI runs)
#   make test-full  the same with the full-size cases too (PEGSOL_TEST_FULL):
#                 the English tables by moves, every English pair by the
#                 labelled run, the 12,752 distinct sets of jumps (long)
#   make sanitize build and test under AddressSanitizer + UBSan (build-asan/)
#   make portable build without -march=native (build-portable/) and run the
#                 engine's tests there: the paths for CPUs without BMI2 or
#                 AVX-512
#   make mpi      build pegsol-mpi (Open MPI) in build-mpi/ and run its tests
#   make fuzz     build the fuzz harnesses with clang's libFuzzer (build-fuzz/)
#                 and fuzz each for FUZZ_SECONDS (default 10): that they link
#                 and survive a short run; fuzz/run.sh SECONDS for longer
#   make bench    run the benchmarks (bench/), a table of time and memory
#   make web      build the page in the browser (WebAssembly, emscripten)
#                 in build-web/: python3 -m http.server -d build-web
#   make install  install binary, library, header, pegsol.pc, man page
BUILD ?= build
ASAN_BUILD ?= build-asan
PORTABLE_BUILD ?= build-portable
MPI_BUILD ?= build-mpi
WEB_BUILD ?= build-web
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all run test test-full sanitize portable mpi fuzz bench install clean deps web

all: $(BUILD)/Makefile
	@cmake --build $(BUILD) -j $(JOBS)

deps: $(BUILD)/.deps-ok
$(BUILD)/.deps-ok: scripts/install-deps.sh
	@bash scripts/install-deps.sh
	@mkdir -p $(BUILD) && touch $@

$(BUILD)/Makefile: $(BUILD)/.deps-ok CMakeLists.txt
	@cmake -S . -B $(BUILD) -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null

run: all
	./$(BUILD)/pegsol show -b english -n algebraic
	./$(BUILD)/pegsol solve -b english -n algebraic --diagram
	./$(BUILD)/pegsol count -b english

test: all
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-full: all
	@cd $(BUILD) && PEGSOL_TEST_FULL=1 ctest --output-on-failure -j $(JOBS)

sanitize: $(BUILD)/.deps-ok
	@cmake -S . -B $(ASAN_BUILD) -DPEGSOL_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	@cd $(ASAN_BUILD) && PEGSOL_SANITIZED=1 ctest --output-on-failure -j $(JOBS)

portable: $(BUILD)/.deps-ok
	@cmake -S . -B $(PORTABLE_BUILD) -DPEGSOL_NATIVE=OFF >/dev/null
	@cmake --build $(PORTABLE_BUILD) -j $(JOBS)
	@cd $(PORTABLE_BUILD) && ctest --output-on-failure -j $(JOBS) \
		-R 'test_count_oracle|test_count_english|test_random|test_winning|test_prune'

mpi:
	@bash scripts/install-deps.sh --mpi
	@cmake -S . -B $(MPI_BUILD) -DPEGSOL_MPI=ON >/dev/null
	@cmake --build $(MPI_BUILD) -j $(JOBS)
	@cd $(MPI_BUILD) && ctest --output-on-failure -R '^mpi/'

# the native libpegsol.a computes the English table the page ships
web: $(BUILD)/Makefile
	@bash scripts/install-deps.sh --web
	@cmake --build $(BUILD) -j $(JOBS) --target pegsol_static
	@$(MAKE) --no-print-directory -f web/web.mk OUT=$(WEB_BUILD) NATIVE=$(BUILD) -j $(JOBS)

FUZZ_SECONDS ?= 10
fuzz:
	@bash fuzz/run.sh $(FUZZ_SECONDS)

bench: all
	@bash bench/run.sh

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(PORTABLE_BUILD) $(MPI_BUILD) $(WEB_BUILD)
