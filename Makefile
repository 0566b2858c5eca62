# The two quick-start commands: `make demo` and `make test`. Each installs its own dependencies.
JOBS ?= $(shell nproc)
BUILD := build
TEST_BUILD := build-test
FUZZ_BUILD := build-fuzz

.PHONY: demo test deps build build-test fuzz bench bench-stride golden-update clean

deps:
	@bash scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DSHUFC_TESTS=OFF >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target shufc

demo: build
	@bash scripts/demo.sh $(BUILD)/bin/shufc

# Unit, property, golden and execution tests under ASan+UBSan, then the fuzzers briefly.
test: deps
	@cmake -S . -B $(TEST_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHUFC_SANITIZE=ON -DSHUFC_BENCH=OFF >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)
	@cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-19 \
	  -DSHUFC_FUZZ=ON -DSHUFC_TESTS=OFF -DSHUFC_BENCH=OFF >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_compact fuzz_instruction fuzz_module fuzz_stride
	@cd $(TEST_BUILD) && FUZZ_DIR=$(CURDIR)/$(FUZZ_BUILD)/bin ctest --output-on-failure -j $(JOBS)

bench: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DSHUFC_TESTS=OFF -DSHUFC_BENCH=ON >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target shufc_bench
	@$(BUILD)/bin/shufc_bench

# Issue 5 (c)-(e): stride permutations, shufc vs gathers vs clang/gcc (bench/stride/README.md).
bench-stride: build
	@python3 bench/stride/run.py $(BUILD)/bin/shufc

# Regenerates the golden CLI outputs; review them with `git diff tests/golden`.
golden-update: build
	@bash tests/golden/update.sh $(BUILD)/bin/shufc

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(FUZZ_BUILD)
