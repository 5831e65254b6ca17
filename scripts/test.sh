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

# Debian's Chromium and PostgreSQL, where missing, install while the build and the static checks use
# the CPU (apt mostly waits on the network); the suites that need them wait for it below.
packages_log="$results/packages.log"
(bash scripts/ensure-chromium.sh && bash scripts/ensure-postgres.sh) >"$packages_log" 2>&1 &
packages=$!

step "Build (TypeScript project references and the web app)"
npm run build || exit 1

step "Typecheck and lint (four at once)"
checks=(
  "npx tsc -p tsconfig.test.json"
  "npm run typecheck -w @stickwork/app-web"
  "npx eslint ."
  "npx prettier --check ."
)
pids=()
for i in "${!checks[@]}"; do
  bash -c "${checks[$i]}" >"$results/check-$i.log" 2>&1 &
  pids+=($!)
done
for i in "${!checks[@]}"; do
  if wait "${pids[$i]}"; then echo "passed: ${checks[$i]}"; else echo "FAILED: ${checks[$i]}"; status=1; fi
  cat "$results/check-$i.log"
done

step "Chromium and PostgreSQL from Debian's packages (installed in the background)"
wait "$packages"
packages_status=$?
cat "$packages_log"
[ "$packages_status" -eq 0 ] || exit 1

step "Unit and integration suites"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=1

step "End-to-end suites in Chromium"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  npx playwright test -c tests/playwright.config.ts --reporter=list,json || status=1

end_stage
echo; echo "==> Time per stage"; printf '%s\n' "${stages[@]}"
node scripts/test-summary.mjs "$results" || status=1
exit $status
