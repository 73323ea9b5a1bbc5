# voidref: the two commands in README.md are `make serve` and `make test`.
# Everything installs into .venv (Python) and node_modules (npm) inside the repo.

PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
SPHINX  := $(VENV)/bin/sphinx-build
HTML    := _build/html
PORT    ?= 8000
HOST    ?= 127.0.0.1
# Debian packages: wait for another apt (an unattended upgrade, a second install) instead of failing at once.
APT     := apt-get -o DPkg::Lock::Timeout=600

# Every pip install below, and the isolated environment that builds voidref
# itself, takes only the exact versions in requirements/constraints.txt.
export PIP_CONSTRAINT := $(CURDIR)/requirements/constraints.txt

.PHONY: serve site test lint js-test install install-test pytest docs-strict docs-doctest clean bench bench-browser bench-lighthouse chromium webkit firefox hosts java

# Pyodide (pinned in package.json / package-lock.json), axe-core and vnu.jar come from npm.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

# Browser tests drive Debian's chromium; never a downloaded browser.
chromium:
	@test -x /usr/bin/chromium || ($(APT) update -q && $(APT) install -y -q chromium)

# iPhone players run WebKit: Debian's WebKitGTK driver (with its MiniBrowser) on an Xvfb display.
webkit:
	@(test -x /usr/bin/WebKitWebDriver && command -v Xvfb >/dev/null) || ($(APT) update -q && $(APT) install -y -q webkit2gtk-driver xvfb)

# The Nu HTML checker (npm vnu-jar, tests/test_html_valid.py) runs on Debian's Java, never a downloaded one;
# it comes before npm ci in install-test, as vnu-jar's install script looks for a Java (and would fetch one).
java:
	@command -v java >/dev/null || ($(APT) update -q && $(APT) install -y -q default-jre-headless)

# Many Android players run Firefox: Debian's firefox-esr, driven by npm puppeteer-core.
firefox:
	@test -x /usr/bin/firefox-esr || ($(APT) update -q && $(APT) install -y -q firefox-esr)

# The web servers README.md gives configurations for, tested over the built site (tests/test_hosts.py).
hosts:
	@(command -v nginx >/dev/null && test -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so && command -v caddy >/dev/null) || ($(APT) update -q && $(APT) install -y -q nginx-light libnginx-mod-http-brotli-static caddy)

$(VPY):
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q pip setuptools wheel

install: $(VPY) node_modules/.package-lock.json
	$(VPY) -m pip install -q -e '.[docs]'

install-test: $(VPY) java node_modules/.package-lock.json chromium webkit firefox hosts
	$(VPY) -m pip install -q -e '.[docs,test]'

# The build itself (docs/_ext/voidref_calculators/) writes the voidref wheel
# into _static/calc/, copies Pyodide from node_modules into _static/pyodide/
# with its standard library pre-compiled by Pyodide, and writes sw.js.
site: install
	$(SPHINX) -q -c . -b html docs $(HTML)

# HOST=0.0.0.0 lets phones on the same network open it (default: this machine only).
serve: site
	@echo "voidref site on http://$(HOST):$(PORT)/"
	$(VPY) docs/_ext/voidref_calculators/serve.py --bind $(HOST) --directory $(HTML) $(PORT)

# Includes the browser tests (tests/test_browser_*.py) against the built site
# in $(HTML), and the engine's doctests inside Pyodide under node.
pytest:
	VOIDREF_SITE=$(HTML) VOIDREF_REQUIRE_BROWSER=1 $(VPY) -m pytest -q

docs-strict:
	rm -rf $(HTML)
	$(SPHINX) -W --keep-going -n -q -c . -b html docs $(HTML)

# Not part of `make test`: there the HTML build (docs-strict) is the one runner of the
# pages' {doctest} blocks (docs/_ext/voidref_verified.py: a wrong answer stops it, each
# page says how many checks ran). This is Sphinx's own builder, same flags, for when you
# want the blocks alone (or `pytest docs`, through Sybil).
docs-doctest:
	$(SPHINX) -W --keep-going -q -c . -b doctest docs _build/doctest

# ruff (pyproject [tool.ruff]) and mypy ([tool.mypy]) over the code, tests and build glue;
# ESLint and tsc --checkJs over the JavaScript (eslint.config.js, tsconfig*.json).
lint: install-test
	PYTHON=$(VPY) bash .ci/lint

# The JavaScript's unit tests (tests/js/*.test.mjs): the worker's scheduler, kept Python, the cache hand-off.
js-test: node_modules/.package-lock.json
	node --test tests/js/

test: install-test
	$(MAKE) lint
	$(MAKE) js-test
	$(MAKE) docs-strict
	$(MAKE) pytest

bench: install-test
	$(VPY) -m pip install -q -e '.[bench]'
	$(VPY) benchmarks/bench_pools.py
	$(VPY) benchmarks/bench_ships.py
	$(VPY) benchmarks/bench_engagement.py
	$(VPY) benchmarks/bench_parsers.py

bench-lighthouse: install-test site
	$(VPY) benchmarks/bench_lighthouse.py --site $(HTML)

bench-browser: install-test site
	$(VPY) benchmarks/bench_browser.py --site $(HTML)

clean:
	rm -rf _build build dist *.egg-info
