# The two set-up commands are `make run` and `make test`; both create .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(STAMP)

# The main job: the demo statements checked once, then the service on 127.0.0.1:8080.
run: $(STAMP)
	$(BIN)/depcheck demo
	$(BIN)/depcheck serve --host 127.0.0.1 --port 8080

# The browser tests drive Debian's chromium; scripts/ensure_chromium.sh installs it if missing.
# The catalog-store tests start a throwaway PostgreSQL: scripts/ensure_postgres.sh installs
# Debian's postgresql package if initdb is missing.
test: $(STAMP)
	bash scripts/ensure_chromium.sh
	bash scripts/ensure_postgres.sh
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check depcheck service learners tests bench

clean:
	rm -rf $(VENV) .pytest_cache
