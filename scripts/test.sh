#!/usr/bin/env bash
# Every test: static checks, unit and integration suites (vitest), then the built app in real
# Chromium (Playwright). Ends with one line "tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
results="$(mktemp -d)"
status=0
# Each stage's time, listed before the closing line.
stages=()
stage=""
started=$SECONDS
end_stage() { [ -n "$stage" ] && stages+=("$(printf '%5ss  %s' "$((SECONDS - started))" "$stage")"); }
step() { end_stage; stage="$1"; started=$SECONDS; echo; echo "==> $1"; }

step "Chromium for the end-to-end suite"
bash scripts/ensure-chromium.sh || exit 1

step "PostgreSQL for the shared-store suites"
bash scripts/ensure-postgres.sh || exit 1

step "Build (TypeScript project references and the web app)"
npm run build || exit 1

step "Typecheck and lint"
npx tsc -p tsconfig.test.json || status=1
npm run typecheck -w @stickwork/app-web || status=1
npx eslint . || status=1
npx prettier --check . || status=1

step "Unit and integration suites"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=1

step "End-to-end suites in Chromium"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  npx playwright test -c tests/playwright.config.ts --reporter=list,json || status=1

end_stage
echo; echo "==> Time per stage"; printf '%s\n' "${stages[@]}"
node scripts/test-summary.mjs "$results" || status=1
exit $status
