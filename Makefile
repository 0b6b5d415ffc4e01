# The README's commands. Every target installs what it needs from the lock file first.
.PHONY: start dev test test-static test-frontend-suite test-frontend-static-site test-backend-built test-backend-suite build install browser browser-whole nginx lint format typecheck openapi migrate rebuild-projections rotate-ticket-key bench soak test-backend test-frontend test-e2e backup restore

NPM ?= npm

# `npm ci` installs exactly what package-lock.json records (every platform's optional binaries
# are recorded, npm picks this machine's), and only when the lock or a package.json changed.
node_modules/.package-lock.json: package-lock.json package.json backend/package.json frontend/package.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

install: node_modules/.package-lock.json

# A Chromium for the tests that drive a browser: found through CHROMIUM_PATH, then the usual
# places (a headless shell first); when there is none, installed (apt's chromium-headless-shell
# as root on Debian, else Playwright's download). The benchmarks want the whole browser a
# visitor runs: `browser-whole` finds or installs that one (apt's chromium).
browser: install
	node frontend/e2e/install-chromium.mjs

browser-whole: install
	node frontend/e2e/install-chromium.mjs --browser

# An nginx for the test that loads deploy/nginx.conf: found through NGINX_PATH, then the usual
# places; when there is none, installed with apt as root on Debian (else that test is skipped).
nginx:
	node backend/test/production/install-nginx.mjs

build: install
	$(NPM) run build -w backend
	$(NPM) run build -w frontend

## make start: build everything and serve the site, the API and Swagger UI on one port.
start: build
	node backend/dist/main.js

## make dev: the API with an embedded database, and Vite's dev server for the site.
dev: install
	$(NPM) run build -w backend
	node backend/dist/main.js & $(NPM) run dev -w frontend; kill %1

lint: install
	$(NPM) run lint
	$(NPM) run format:check
	$(NPM) run lint:openapi

typecheck: install
	$(NPM) run typecheck -w backend
	$(NPM) run typecheck -w frontend

openapi: install
	$(NPM) run build -w backend
	node backend/dist/cli/generate-openapi.js

migrate: install
	$(NPM) run build -w backend
	node backend/dist/cli/migrate.js

rebuild-projections: install
	$(NPM) run build -w backend
	node backend/dist/cli/rebuild-projections.js

rotate-ticket-key: install
	$(NPM) run build -w backend
	node backend/dist/cli/rotate-ticket-key.js

test-backend: install browser nginx
	$(NPM) run build -w backend
	$(NPM) test -w backend

test-frontend: install
	$(NPM) test -w frontend

test-e2e: build browser
	$(NPM) run test:e2e -w frontend

## make test: lint, format, types, and every test: backend, frontend components, browser.
## Two parts at once, each one's output printed whole when it ends: the frontend's types and
## component suite, the static checks (ESLint, Prettier, the OpenAPI linters, the dependency and
## table-owner lints, the backend's types) and the site's build, one after the other; beside them
## the backend's build and suite. Then the browser suite on that build, alone, its files in two
## workers (E2E_WORKERS), each with a server of its own. All four at once took 12.5 minutes on a
## fresh clone instead of 13.1, but tests that measure a proxy's handover, a webhook storm and
## the browser's waits failed on the loaded 2-core machine. The backend's build skips its
## type check here: `typecheck -w backend` checks the same files.
test: install browser nginx
	$(MAKE) --no-print-directory -j 2 --output-sync=target test-frontend-static-site test-backend-suite
	E2E_SKIP_BUILD=1 $(NPM) run test:e2e -w frontend

test-frontend-static-site: install
	$(NPM) run typecheck -w frontend
	$(NPM) test -w frontend
	$(MAKE) --no-print-directory lint
	$(NPM) run typecheck -w backend
	$(NPM) run build -w frontend

test-frontend-suite: install
	$(NPM) run typecheck -w frontend
	$(NPM) test -w frontend

test-static: lint
	$(NPM) run typecheck -w backend

test-backend-built: install
	$(NPM) run build -w backend -- --noCheck

test-backend-suite: test-backend-built
	$(NPM) test -w backend

## make bench: rush, reads, appends, rebuild and the Command Center against their baselines,
## as one table (the site is built too: the console is also measured in Chromium, and the reads
## behind deploy/nginx.conf when an nginx is there, which `make nginx` installs).
bench: install browser-whole nginx
	$(NPM) run build -w backend
	$(NPM) run build -w frontend
	$(NPM) run bench -w backend

## make soak: the long reliability cases (5 minutes of mixed traffic, 100 property runs).
soak: install
	$(NPM) run build -w backend
	$(NPM) run soak -w backend

## make backup [BACKUP_FILE=backups/x.dump]: the whole database (DATABASE_URL, or the embedded
## one under DATA_DIR while the app is stopped) to one file; pg_dump when the one on PATH can
## read the server, else our own logical format (BACKUP_TOOL=auto|pg_dump|logical).
backup: install
	$(NPM) run build -w backend
	node backend/dist/cli/backup.js $(BACKUP_FILE)

## make restore BACKUP_FILE=backups/x.dump: into a fresh database, then the read models are
## rebuilt from the restored events.
restore: install
	@test -n "$(BACKUP_FILE)" || { echo "Name the backup: make restore BACKUP_FILE=backups/....dump"; exit 1; }
	$(NPM) run build -w backend
	node backend/dist/cli/restore.js "$(BACKUP_FILE)"
