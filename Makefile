# quire: `make demo` runs the main job on a sample set; `make test` runs the test suite.
# Both start from nothing: they create .venv and install everything the first time.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEMO_HOME ?= $(CURDIR)/.quire-demo
# torch is used once, to export the model to ONNX; Intel Macs have no wheel past 2.2.2 (docs/install.md).
TORCH_VERSION ?= 2.13.0

.PHONY: install browser demo test test-fast lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# torch's CPU build first, or sentence-transformers pulls the multi-GB CUDA build: the script asks the
	# configured pip what it would install and takes PyTorch's CPU wheel index only when that is a CUDA build.
	$(PY) scripts/install_torch.py $(TORCH_VERSION)
	$(PY) -m pip install --quiet -e '.[test]'
	# The ONNX export of the shipped model, made once here so no command pays for it.
	$(PY) -m memory.onnx_model
	touch $(STAMP)

install: $(STAMP) browser

# The UI's browser tests (pytest -m browser) drive Debian's chromium: Playwright's own browser
# download cannot reach its host here. Installed when missing and this runs as root (CI); else the
# tests skip, and under CI=true they fail instead.
browser:
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
		echo "make browser: no chromium and not root; install it (apt-get install chromium) or the browser tests skip"; \
	fi

demo: install
	QUIRE_HOME=$(DEMO_HOME) bash scripts/demo.sh

# ruff first (seconds, and a failure there says exactly where), then every test, the real-model ones
# (-m model) included, with the type checker and the import contracts running beside them (mypy is
# ~45 s of one core on a fresh clone, while the tests wait on their subprocesses): their output is
# printed after the tests' and the target fails if either failed. pytest's exit 5 (no tests
# collected) is non-zero, so it fails the target too. The tests run on one pytest-xdist worker
# per core (`-n auto`; each worker has its own sqld and loads the model once); PYTEST_WORKERS=0 runs
# them in this one process.
PYTEST_WORKERS ?= auto
# The suite starts ~100 fresh interpreters (quire serve, MCP over stdio, import probes); where
# PYTHONDONTWRITEBYTECODE is set none of them keeps its compiled modules, so each compiles quire's
# sources again (~0.25 s): compiled once here first (compileall writes whatever that variable says).
test: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m compileall -q -j0 memory retrieval wiki eval quire tests scripts
	@checks_log=$$(mktemp); \
	( $(VENV)/bin/mypy && $(VENV)/bin/lint-imports ) >"$$checks_log" 2>&1 & checks=$$!; \
	$(PY) -m pytest -q -n $(PYTEST_WORKERS); tests=$$?; \
	wait $$checks; checked=$$?; \
	echo "== mypy and lint-imports (run beside the tests)"; cat "$$checks_log"; rm -f "$$checks_log"; \
	if [ $$checked -ne 0 ]; then echo "make test: mypy or lint-imports failed (above)" >&2; fi; \
	[ $$tests -eq 0 ] && [ $$checked -eq 0 ]

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

test-fast: install
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) -m "not model"

clean:
	rm -rf $(VENV) $(DEMO_HOME) .pytest_cache
