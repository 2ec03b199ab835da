# Mira Desktop: `make run` opens the app, `make test` runs the whole suite (both install first).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.mira-installed
PYTEST_ENV := QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
# llama-cpp-python builds llama.cpp from source. A -march=native build enables AMX on CPUs that
# advertise it, and crashed (SIGSEGV on any batch > 1 token) in this machine's VM; a portable AVX2
# build runs everywhere such CPUs are found. pip's wheel cache keeps the result.
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON
APT := $(shell [ "$$(id -u)" = 0 ] && echo apt-get || echo sudo apt-get)

.PHONY: install run test test-fast lint test-core test-gui bench clean translations soak

$(STAMP): pyproject.toml setup.py Makefile
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	# Debian packages: espeak-ng speaks the answers Piper cannot (Chinese and other languages).
	command -v espeak-ng >/dev/null || ($(APT) update -qq && $(APT) install -y -qq espeak-ng)
	# bubblewrap: the sandbox run_command runs in (without it, agent runs have no such tool).
	command -v bwrap >/dev/null || ($(APT) update -qq && $(APT) install -y -qq bubblewrap)
	# Tesseract reads scanned pages and pictures of text (OCR), in English and simplified Chinese.
	(command -v tesseract >/dev/null && tesseract --list-langs 2>/dev/null | grep -qx chi_sim) || \
		($(APT) update -qq && $(APT) install -y -qq tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim)
	# A colour emoji font: without one, the emoji models answer with show as empty boxes (ui/look/fonts.py).
	fc-list 2>/dev/null | grep -q "Noto Color Emoji" || \
		($(APT) update -qq && $(APT) install -y -qq fonts-noto-color-emoji)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# The CPU build of PyTorch that lies on this machine's disk; a plain `torch` would pull CUDA.
	$(BIN)/python -m pip install --quiet torch==2.13.0
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/python -m pip install --quiet -e '.[dev,multilingual]'
	$(MAKE) translations
	@touch $(STAMP)

install: $(STAMP)

# The window's translations: Qt Linguist sources (.ts, kept in git) compiled to .qm beside them.
# Unfinished translations stay out, so such text shows in English. tools/i18n_sync.py updates the .ts.
translations:
	for ts in mira_desktop/ui/translations/*.ts; do \
		$(BIN)/pyside6-lrelease -silent -nounfinished "$$ts" -qm "$${ts%.ts}.qm" || exit 1; \
	done

run: $(STAMP)
	# Byte-compile first (quick when current): where PYTHONDONTWRITEBYTECODE is set, as on this
	# machine, every start would otherwise compile all of Mira again (~230 ms before the window works).
	$(BIN)/python -m compileall -q mira_desktop
	$(BIN)/mira

lint: $(STAMP)
	$(BIN)/ruff check mira_desktop tests benchmarks migrations
	$(BIN)/mypy
	$(BIN)/lint-imports

# Everything outside tests/gui runs with PySide6 made unimportable (tests/conftest.py).
test-core: $(STAMP)
	$(PYTEST_ENV) MIRA_BLOCK_QT=1 $(BIN)/python -m pytest -p no:pytest-qt --ignore=tests/gui $(PYTEST_ARGS)

test-gui: $(STAMP)
	$(PYTEST_ENV) $(BIN)/python -m pytest tests/gui $(PYTEST_ARGS)

test: lint
	$(MAKE) test-core test-gui

test-fast: lint
	$(MAKE) test-core test-gui PYTEST_ARGS='-m "not slow"'

# Each benchmark exits 1 when one of its goals is missed: all of them run, the READMEs' figures are
# copied from their results, and then `make bench` fails if any did.
BENCH_ENV := HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
bench: $(STAMP)
	@failed=""; \
	for script in startup search generation ui_streaming retrieval attachments tts downloads context_window tools tool_calls tool_schemas thinking serve; do \
		$(BENCH_ENV) $(BIN)/python benchmarks/$$script.py || failed="$$failed $$script"; \
	done; \
	$(BIN)/python tools/bench_figures.py; \
	if [ -n "$$failed" ]; then echo "benchmarks that missed a goal:$$failed"; exit 1; fi

# Crash trials, document fuzzing, escape attempts, load, secrets and concurrency (reliability/):
# each prints a table and writes reliability/results/*.json; about an hour here. Not part of `make test`.
soak: $(STAMP)
	$(PYTEST_ENV) $(BIN)/python -m reliability.run_all

# The self-contained Linux bundle dist/mira/ (PyInstaller; recipe and notes in packaging/), and its
# smoke test on a virtual screen (needs Xvfb, xdotool and ImageMagick; .ci/run installs them).
.PHONY: dist smoke
dist: $(STAMP) translations
	packaging/build.sh $(VENV)

smoke:
	packaging/smoke.sh dist/mira

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache *.egg-info
