# d6codex — see README.md. `make help` lists the targets.

GO      ?= go
SITEGEN ?= bin/sitegen
# No symbol table or DWARF in the released binary: 5 MB less (stack traces keep their names).
LDFLAGS ?= -s -w
# nethttpomithttp2: net/http without its bundled HTTP/2, 0.36 MB less. sitegen serve listens on plain
# HTTP, where browsers speak HTTP/1.1 only (they use HTTP/2 over TLS), and sitegen makes no HTTP requests.
# -trimpath: no build-machine paths in the binary.
# NOINLINE: packages off a build's hot path, compiled without inlining (0.38 MB less; builds of the shared
# benchmark corpus take the same CPU, see BENCHMARKS.md "Issue 26: the binary's size (session 6)"): TLS and
# networking (net/http's server links them; serve uses plain HTTP on a loopback), the Brotli encoder and the
# CSS/JS minifier (their outputs are cached by content), the raw-HTML sanitizer and its parser, MIME tables,
# os/exec and the module builder (used only inside the source tree). Markdown, templates, the search index, the
# front matter, serve and the rules keep the compiler's inlining.
NOINLINE ?= crypto/... net/... vendor/... golang.org/x/... github.com/andybalholm/brotli/... \
	github.com/tdewolff/... github.com/microcosm-cc/... encoding/asn1 mime/... os/exec \
	d6codex/cmd/sitegen/internal/wasmbuild/...
GOFLAGS_BUILD ?= -trimpath -tags nethttpomithttp2 $(foreach p,$(NOINLINE),-gcflags=$(p)=-l)
QUARTZ_DIR ?= $(HOME)/.cache/d6codex/conformance/quartz
BIND    ?= 127.0.0.1
PORT    ?= 1313

.PHONY: help build sitegen install modules serve test bench generate clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

modules: ## compile the calculators' WebAssembly modules that sitegen embeds, compressed (brotli, gzip)
	$(GO) run ./cmd/sitegen/internal/wasmbuild/embedgen

sitegen: modules ## compile bin/sitegen, a self-contained binary (theme and calculators inside)
	$(GO) build $(GOFLAGS_BUILD) -ldflags='$(LDFLAGS)' -o $(SITEGEN) ./cmd/sitegen

install: modules ## install sitegen on PATH (into $(go env GOBIN), default ~/go/bin)
	$(GO) install $(GOFLAGS_BUILD) -ldflags='$(LDFLAGS)' ./cmd/sitegen

build: sitegen ## build the site from content/ into public/
	./$(SITEGEN) build

serve: sitegen ## serve the site with live reload on http://127.0.0.1:1313/
	./$(SITEGEN) serve --bind $(BIND) --port $(PORT)

test: ## run every test (and, under the race detector, the tests of what a build's workers share)
	$(GO) test -timeout 45m ./...
	$(GO) test -race -run 'Concurrent' ./cmd/sitegen/internal/markup/

bench: ## benchmarks: rules and calculators, sitegen build, serve, calculators in Chromium (see BENCHMARKS.md)
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 200x ./rules/... ./calc/
	$(GO) test -run '^$$' -bench . -benchtime 3x ./cmd/sitegen/internal/site
	$(GO) test -run '^$$' -bench 'SaveToReload/.*/edit=body' -benchtime 100x ./cmd/sitegen/servecmd
	$(GO) test -run '^$$' -bench FirstBuild -benchtime 5x ./cmd/sitegen
	$(GO) test -run '^$$' -bench SaveToScreen -benchtime 40x ./cmd/sitegen/servecmd
	$(GO) run ./cmd/sitegen/internal/testing/bench -sizes 2000,5000 -runs 3 -out BENCHMARKS.md
	$(GO) run ./cmd/sitegen/internal/testing/calcbench -runs 5 -out BENCHMARKS.md
	$(GO) run ./cmd/sitegen/internal/testing/throttlebench -runs 3 -out BENCHMARKS.md

generate: ## regenerate the *_templ.go files from templates/*.templ
	$(GO) tool templ generate

clean: ## remove build output
	rm -rf public bin .public.staging-* .public.spare
	find cmd/sitegen/internal/wasmbuild/embedded/files -mindepth 1 ! -name README.md -delete

# The differential tests against the tools themselves that are too heavy for `make test`.
.PHONY: conformance conformance-quartz conformance-docusaurus conformance-starlight conformance-corpora
conformance: conformance-quartz conformance-docusaurus conformance-starlight conformance-corpora
conformance-quartz: ## build a Quartz fixture with Quartz v4.5.1 (cloned into QUARTZ_DIR, npm ci, once) and with sitegen, and compare them
	@test -d $(QUARTZ_DIR)/node_modules || { git clone --depth 1 --branch v4.5.1 https://github.com/jackyzha0/quartz.git $(QUARTZ_DIR) && cd $(QUARTZ_DIR) && npm ci --engine-strict=false; }
	QUARTZ_DIR=$(QUARTZ_DIR) $(GO) test ./cmd/sitegen/internal/testing/conformance/ -run 'TestQuartz' -count=1 -v

# Docusaurus's conformance tests (testing/conformance TestDocusaurus, TestUnpublished/Docusaurus; CI runs them in make
# test): Docusaurus 3 from npm (about 290 MB, 1.5 min to install) into DOCUSAURUS_DIR, then two fixtures built by
# Docusaurus (about a minute each) and by sitegen, compared.
DOCUSAURUS_DIR ?= $(HOME)/.cache/d6codex/conformance/docusaurus
conformance-docusaurus: ## Docusaurus's conformance tests (installs Docusaurus 3 from npm into DOCUSAURUS_DIR once)
	test -x $(DOCUSAURUS_DIR)/node_modules/.bin/docusaurus || npm install --prefix $(DOCUSAURUS_DIR) --no-audit --no-fund \
		@docusaurus/core@3.10.2 @docusaurus/preset-classic@3.10.2 react@19 react-dom@19
	DOCUSAURUS=$(DOCUSAURUS_DIR)/node_modules $(GO) test -count=1 -timeout 20m -run 'TestDocusaurus|TestUnpublished/Docusaurus' -v ./cmd/sitegen/internal/testing/conformance/

# Astro Starlight's conformance test (testing/conformance TestStarlight; CI runs it in make test): Astro 5 and
# Starlight 0.36 from npm (about 200 MB) into STARLIGHT_DIR, then two fixtures built by Astro and by sitegen, compared.
STARLIGHT_DIR ?= $(HOME)/.cache/d6codex/conformance/starlight
conformance-starlight: ## Starlight's conformance test (installs Astro and Starlight from npm into STARLIGHT_DIR once)
	test -s $(STARLIGHT_DIR)/node_modules/astro/astro.js || npm install --prefix $(STARLIGHT_DIR) --no-audit --no-fund \
		astro@5.18.2 @astrojs/starlight@0.36.3
	STARLIGHT=$(STARLIGHT_DIR)/node_modules $(GO) test -count=1 -timeout 20m -run 'TestStarlight' -v ./cmd/sitegen/internal/testing/conformance/

# Public rules repositories built with their own tool (MkDocs, Hugo, Jekyll; just-the-docs sites with that theme) and
# with sitegen, compared (testing/conformance TestCorpora); figures in the log. Fetch them first (never committed):
# CONFORMANCE_CORPORA is a list of folders, or one folder of them; CONFORMANCE_JTD a checkout of just-the-docs.
CONFORMANCE_CORPORA ?= $(HOME)/.cache/d6codex/conformance/corpora
CONFORMANCE_JTD ?= $(HOME)/.cache/d6codex/conformance/just-the-docs
conformance-corpora: ## build the public corpora in CONFORMANCE_CORPORA with their tools and with sitegen, and compare them
	CONFORMANCE_CORPORA=$(CONFORMANCE_CORPORA) CONFORMANCE_JTD=$(CONFORMANCE_JTD) $(GO) test ./cmd/sitegen/internal/testing/conformance/ -run 'TestCorpora' -count=1 -v -timeout 60m
