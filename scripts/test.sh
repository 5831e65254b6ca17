#!/usr/bin/env bash
# Every test: static checks, unit and integration suites (vitest) and the built app in real Chromium
# (Playwright). Ends with one line "tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
results="$(mktemp -d)"
status=0

# When each stage ran (seconds from the start), listed before the closing line: some run at once.
timeline=()
ran() { timeline+=("$(printf '%5ss  (%4ss to %4ss)  %s' "$(($3 - $2))" "$2" "$3" "$1")"); }

# Debian's Chromium and PostgreSQL, where missing, install while the build and the static checks use
# the CPU (apt mostly waits on the network); the suites that need them wait for it below.
packages_log="$results/packages.log"
(bash scripts/ensure-chromium.sh && bash scripts/ensure-postgres.sh) >"$packages_log" 2>&1 &
packages=$!

echo; echo "==> Build (TypeScript project references and the web app)"
npm run build || exit 1
ran "Build (TypeScript project references and the web app)" 0 $SECONDS

# The four static checks at once; their logs are shown when they are done.
checks_started=$SECONDS
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

echo; echo "==> Chromium and PostgreSQL from Debian's packages (installed in the background)"
wait "$packages"
packages_status=$?
cat "$packages_log"
if [ "$packages_status" -ne 0 ]; then kill "${pids[@]}" 2>/dev/null; exit 1; fi
ran "Chromium and PostgreSQL (in the background from the start)" 0 $SECONDS

# The journeys spend much of their time waiting on the browser's clock (lessons play in real time),
# so they start as soon as the browser is there and run beside the static checks and vitest; their
# log follows vitest's.
journeys_started=$SECONDS
(
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
    npx playwright test -c tests/playwright.config.ts --reporter=list,json >"$results/playwright.log" 2>&1
  echo $? >"$results/playwright.status"
  echo $SECONDS >"$results/playwright.ended"
) &
journeys=$!

echo; echo "==> Typecheck and lint (four at once)"
for i in "${!checks[@]}"; do
  if wait "${pids[$i]}"; then echo "passed: ${checks[$i]}"; else echo "FAILED: ${checks[$i]}"; status=1; fi
  cat "$results/check-$i.log"
done
ran "Typecheck and lint (four at once)" "$checks_started" $SECONDS

echo; echo "==> Unit and integration suites (the end-to-end suites run beside them)"
vitest_started=$SECONDS
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=1
ran "Unit and integration suites" "$vitest_started" $SECONDS

echo; echo "==> End-to-end suites in Chromium (their log)"
wait "$journeys"
cat "$results/playwright.log"
[ "$(cat "$results/playwright.status")" = 0 ] || status=1
ran "End-to-end suites in Chromium" "$journeys_started" "$(cat "$results/playwright.ended")"

echo; echo "==> Time per stage ($SECONDS s in all)"
printf '%s\n' "${timeline[@]}"
node scripts/test-summary.mjs "$results" || status=1
exit $status
