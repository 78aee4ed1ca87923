#!/usr/bin/env bash
# Runs every test: lint and typecheck, unit and API tests on PGlite, the API suites where the two
# databases differ again on a real PostgreSQL server (decision 0046), and the browser journeys in
# Chromium against the production build.
# Installs what is missing first. Ends with each suite's counts, the slowest test files, each
# step's time, and one line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=.test-output
rm -rf "$out" && mkdir -p "$out"
wall_started=$SECONDS

times=()
timed() { # name, command...: runs the command and records how long it took
  local name=$1 started=$SECONDS code
  shift
  "$@"
  code=$?
  times+=("time:$name=$((SECONDS - started))")
  return $code
}

# As production operators run it (NODE_ENV=production): the install must keep the build's tools.
timed install env NODE_ENV=production bash scripts/install.sh || exit 1
timed install-test-tools bash scripts/ensure-debian-packages.sh \
  /usr/bin/chromium=chromium \
  '/usr/lib/postgresql/*/bin/initdb=postgresql' \
  sshd=openssh-server \
  /usr/bin/sudo=sudo \
  pebble=pebble \
  pdftotext=poppler-utils \
  shellcheck=shellcheck \
  xmllint=libxml2-utils \
  sqlite3=sqlite3 || exit 1

steps=()

echo "::: unit and API tests (PGlite)"
# Each vitest pass writes its JSON report and, beside it, what failed outside the report's reach (a
# beforeAll that threw, an unhandled error) and each file's real time: scripts/vitest-extras-reporter.mjs.
vitest_reports=(--reporter=default --reporter=json --reporter=./scripts/vitest-extras-reporter.mjs)
# Some PGlite files run later, beside the browser lanes, once the PostgreSQL pass is done: the lanes
# leave the CPU partly idle in their second half (server/vitest.config.ts, decision 0094).
PGLITE_PART=main VITEST_EXTRAS_FILE="$out/vitest-pglite.extras.json" timed "vitest PGlite" \
  npx vitest run "${vitest_reports[@]}" --outputFile.json="$out/vitest-pglite.json"

# Lint and typecheck, then the suites where the databases differ again on a real PostgreSQL
# server (one file at a time), then the PGlite files kept for here, beside the browser lanes
# (decisions 0068, 0094): the journeys wait partly on crons, WordPress and mail. Its steps and
# times go to a file.
beside_lanes() {
  local started=$SECONDS pg_dir pg_port=${TEST_PG_PORT:-55433} pg_url
  echo "::: check"
  npm run check
  printf 'step:check=%s\ntime:check=%s\n' $? $((SECONDS - started)) >>"$out/beside-lanes.results"
  echo "::: API tests (PostgreSQL)"
  started=$SECONDS
  pg_dir=$(mktemp -d /tmp/lagon-pg-XXXXXX)
  if pg_url=$(bash scripts/postgres-test-server.sh start "$pg_dir" "$pg_port"); then
    TEST_DATABASE_URL=$pg_url VITEST_EXTRAS_FILE="$out/vitest-postgres.extras.json" \
      npx vitest run --project server --maxWorkers=1 "${vitest_reports[@]}" --outputFile.json="$out/vitest-postgres.json"
    bash scripts/postgres-test-server.sh stop "$pg_dir" "$pg_port"
  else
    echo "step:postgres-start=1" >>"$out/beside-lanes.results"
  fi
  echo "time:vitest PostgreSQL=$((SECONDS - started))" >>"$out/beside-lanes.results"
  echo "::: unit and API tests (PGlite), the files kept for beside the lanes"
  started=$SECONDS
  PGLITE_PART=beside VITEST_EXTRAS_FILE="$out/vitest-pglite-beside.extras.json" \
    npx vitest run --project server --maxWorkers=1 "${vitest_reports[@]}" --outputFile.json="$out/vitest-pglite-beside.json"
  echo "time:vitest PGlite beside=$((SECONDS - started))" >>"$out/beside-lanes.results"
}
beside_lanes >"$out/beside-lanes.log" 2>&1 &
beside_pid=$!

# Two lanes side by side, each with its own stack (its own E2E_PORT): a journey waits mostly on
# its WordPress sites and mail, so the two cores serve two of them at once (e2e/support/lanes.ts).
lane_ports=(3100 3400)
browser_lanes() {
  local pids=() i code=0
  for i in 1 2; do
    E2E_LANE="$i/2" E2E_PORT=${lane_ports[$((i - 1))]} CI=true npx playwright test \
      >"$out/playwright-lane-$i.log" 2>&1 &
    pids+=($!)
  done
  for i in 1 2; do
    wait "${pids[$((i - 1))]}" || code=1
    echo "::: browser tests (Chromium), lane $i of 2"
    cat "$out/playwright-lane-$i.log"
  done
  return $code
}
echo "::: browser tests (Chromium)"
timed browser browser_lanes

wait "$beside_pid"
cat "$out/beside-lanes.log"
while read -r result; do
  case $result in step:*) steps+=("$result") ;; time:*) times+=("$result") ;; esac
done <"$out/beside-lanes.results"

# Steps overlap (check and PostgreSQL beside the lanes): the total is the wall clock's.
times+=("time:wall=$((SECONDS - wall_started))")
node scripts/summarize-tests.mjs "${steps[@]}" "${times[@]}" \
  "vitest@vitest PGlite:$out/vitest-pglite.json" "vitest@vitest PGlite beside:$out/vitest-pglite-beside.json" \
  "vitest@vitest PostgreSQL:$out/vitest-postgres.json" \
  "playwright@Playwright lane 1:$out/playwright-${lane_ports[0]}.json" \
  "playwright@Playwright lane 2:$out/playwright-${lane_ports[1]}.json"
