# voidref: the two commands in README.md are `make serve` and `make test`.
# Everything installs into .venv (Python) and node_modules (npm) inside the repo.

PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
SPHINX  := $(VENV)/bin/sphinx-build
HTML    := _build/html
PORT    ?= 8000

.PHONY: serve site test install install-test pytest docs-strict docs-doctest clean bench

$(VPY):
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip

install: $(VPY)
	$(VPY) -m pip install -q -e '.[docs]'

install-test: $(VPY)
	$(VPY) -m pip install -q -e '.[docs,test]'

site: install
	$(SPHINX) -q -c . -b html docs $(HTML)

serve: site
	@echo "voidref site on http://127.0.0.1:$(PORT)/"
	$(VPY) -m http.server $(PORT) --bind 127.0.0.1 --directory $(HTML)

pytest:
	$(VPY) -m pytest -q

docs-strict:
	rm -rf $(HTML)
	$(SPHINX) -W --keep-going -n -q -c . -b html docs $(HTML)

docs-doctest:
	$(SPHINX) -W --keep-going -q -c . -b doctest docs _build/doctest

test: install-test
	$(MAKE) docs-strict
	$(MAKE) docs-doctest
	$(MAKE) pytest

bench: install-test
	$(VPY) -m pip install -q -e '.[bench]'
	$(VPY) benchmarks/bench_pools.py

clean:
	rm -rf _build build dist *.egg-info
