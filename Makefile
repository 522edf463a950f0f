# kubexplorer — see README.md. The two commands users need: make serve, make test.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
GOROOT := $(shell $(GO) env GOROOT)
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X github.com/kubexplorer/kubexplorer/explorer.Version=$(VERSION)
# No inlining in our own packages and the decoders in the engines: smaller,
# and as quick in V8 (internal/sitebuild/gcflags.go says why; a test holds
# the two equal).
ENGINE_GCFLAGS := github.com/kubexplorer/kubexplorer/...=-l encoding/...=-l go.yaml.in/...=-l github.com/spf13/...=-l
# Every engine's jumps are threaded after the link (internal/jumpthread):
# KXTHREAD rewrites modules in place, or runs a threaded copy for go test -exec.
KXTHREAD := build/kxthread
# engine-build OUT PKG: one engine, as every js/wasm build of one is made.
engine-build = GOOS=js GOARCH=wasm $(GO) build -trimpath $(foreach f,$(ENGINE_GCFLAGS),-gcflags='$(f)') -ldflags '$(LDFLAGS)' -o $(1) $(2) && $(KXTHREAD) $(1)
ADDR ?= 127.0.0.1:8080
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Packages also tested as GOOS=js GOARCH=wasm under Node: the bridge, and the
# cores and explorer, to prove they behave the same in the browser.
WASM_TEST_PKGS ?= ./wasm/... ./explorer/... ./core/...
NODE_MODULES := site/node_modules/.package-lock.json

.PHONY: build serve test bench catalog conformance clean site-engines site cli vet staticcheck kxthread \
	test-native test-wasm test-e2e browser test-js lint-js engines engines-budget apidoc clidoc fuzz-smoke load-test cover third-party

build: cli site ## build the CLI and the site

cli:
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o build/kubexplorer ./cmd/kubexplorer

# The site's engines, one per mechanism, in the order of the page's tabs (the
# first is the one the page opens with), then those loaded on demand
# (gatestools: the feature-gates methods for operators; site/js/engine.js).
SITE_ENGINES := gates kubelet kubefed gatestools
ENGINES := $(SITE_ENGINES) all

kxthread:
	$(GO) build -o $(KXTHREAD) ./cmd/kxthread

site-engines: kxthread ## the engines the site serves, in build/engines
	@mkdir -p build/engines
	for e in $(SITE_ENGINES); do \
		$(call engine-build,build/engines/$$e.wasm,./wasm/cmd/$$e) || exit 1; \
	done

engines: site-engines ## the site's engines and the all-in-one engine, and their sizes
	$(call engine-build,build/engines/all.wasm,./wasm/cmd/all)
	$(GO) run ./wasm/cmd/sizes $(foreach e,$(ENGINES),build/engines/$(e).wasm)

engines-budget: site ## fails when a site engine weighs more than its budget (brotli; internal/sitebuild/budget.go)
	$(GO) run ./wasm/cmd/sizes -manifest build/site/build.json

apidoc: ## regenerate docs/api.md from the explorer's types and methods; fails when the checked-in file differed
	$(GO) run ./cmd/kxapidoc -o docs/api.md -check

third-party: ## fails unless each patched copy under third_party/ is its upstream release plus its patch (third_party/README.md)
	GO='$(GO)' scripts/third-party

clidoc: ## regenerate docs/cli.md from the CLI's command tree; fails when the checked-in file differed
	@mkdir -p build
	$(GO) run ./cmd/kubexplorer docs > build/cli.md
	@if ! cmp -s build/cli.md docs/cli.md; then cp build/cli.md docs/cli.md; \
		echo "docs/cli.md was out of date and has been regenerated; commit it"; exit 1; fi

$(NODE_MODULES): site/package.json site/package-lock.json
	npm ci --prefix site --no-audit --no-fund --loglevel=error

site: site-engines $(NODE_MODULES)
	$(GO) run ./cmd/kxbuild -src site $(foreach e,$(SITE_ENGINES),-engine $(e)=build/engines/$(e).wasm) \
		-wasm-exec '$(GOROOT)/lib/wasm/wasm_exec.js' -out build/site -version '$(VERSION)'

serve: build ## build, then serve on http://$(ADDR)
	./build/kubexplorer serve --addr $(ADDR) --dir build/site

test: browser vet staticcheck lint-js apidoc clidoc third-party build engines-budget test-native test-js fuzz-smoke load-test test-wasm test-e2e conformance ## every test (conformance: our feature gates vs the real k8s.io/component-base)

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...
	$(GO) vet -tags e2e ./e2e/...

staticcheck:
	$(GO) run $(STATICCHECK) ./...
	$(GO) run $(STATICCHECK) -tags e2e ./e2e/...

test-native:
	$(GO) test ./...

# The page's pure modules under Node's own test runner: every site/test/*.test.js.
test-js: $(NODE_MODULES)
	cd site && node --test test/*.test.js

lint-js: $(NODE_MODULES)
	cd site && npx --no-install eslint .

# Every fuzz target briefly (FUZZTIME each) with its seed corpus; prints
# executions per second.
fuzz-smoke:
	GO='$(GO)' scripts/fuzz-smoke

# serve under 200 slow clients and a burst of asset requests: no request
# fails, memory stays bounded; prints the figures.
load-test:
	$(GO) test -tags loadtest -run '^TestLoad$$' -count=1 -v ./internal/siteserver

# Statement coverage per package: from the package's own tests, and from the
# whole suite (-coverpkg=./...: every test counts toward every package it
# reaches), with totals for core/ and explorer/. Runs the native tests twice,
# so make test does not run it.
cover:
	@mkdir -p build/cover
	$(GO) test -coverprofile=build/cover/own.out ./... >build/cover/own.log || { cat build/cover/own.log; exit 1; }
	$(GO) test -coverpkg=./... -coverprofile=build/cover/suite.out ./... >build/cover/suite.log || { cat build/cover/suite.log; exit 1; }
	$(GO) run ./cmd/kxcover -own build/cover/own.out -suite build/cover/suite.out

# Built as the engines are: their gcflags, their jumps threaded.
test-wasm: kxthread
	PATH="$(GOROOT)/lib/wasm:$$PATH" GOOS=js GOARCH=wasm $(GO) test $(foreach f,$(ENGINE_GCFLAGS),-gcflags='$(f)') \
		-exec '$(CURDIR)/$(KXTHREAD) -exec' $(WASM_TEST_PKGS)

test-e2e: build
	KX_SITE_DIR='$(CURDIR)/build/site' $(GO) test -tags e2e -count=1 -timeout 30m ./e2e/...

browser:
	@scripts/ensure-chromium

bench: browser build ## benchmarks, sizes and page timings as one table
	KX_SITE_DIR='$(CURDIR)/build/site' $(GO) run ./cmd/kxbench

clean:
	rm -rf build

-include Makefile.catalog
