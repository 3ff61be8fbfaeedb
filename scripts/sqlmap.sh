#!/usr/bin/env bash
# SQL injection scan with Debian's sqlmap (issue 10): level 3, risk 2, PostgreSQL payloads,
# against the catalogue (GET /api/listings, every query parameter) and two write endpoints
# (POST /api/tracking/search and PUT /api/auth/profile, every JSON field), signed in as the
# demo producer. Starts its own server on a temporary DATA_DIR with the demo data, and
# stops it at the end. Prints, per target, the requests sent, what sqlmap concluded and the
# HTTP error codes it saw.
#
#   apt-get install -y sqlmap        (once)
#   scripts/sqlmap.sh [--built] [--out DIR]
#
# --built runs dist/server/main.js (npm run build first); otherwise src/app/server/main.ts via
# tsx. Exits 1 when sqlmap reports an injectable parameter or the server answered a 5xx.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
built=false
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --built) built=true ;;
    --out) out="$2"; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

command -v sqlmap >/dev/null || { echo "sqlmap is not installed: apt-get install -y sqlmap" >&2; exit 2; }

data_dir="$(mktemp -d -t pts-sqlmap-XXXXXX)"
out="${out:-$data_dir/sqlmap}"
mkdir -p "$out"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
base="http://127.0.0.1:$port"

if $built; then entry=("$root/dist/server/main.js"); else entry=(--import tsx "$root/src/app/server/main.ts"); fi
(
  cd "$root"
  NODE_ENV=production DATA_DIR="$data_dir" PORT="$port" HOST=127.0.0.1 PUBLIC_URL="$base" \
    SEED_DEMO=true SEED_LISTINGS=300 LOG_LEVEL=warn DATABASE_URL= REDIS_URL= \
    exec node "${entry[@]}"
) >"$out/server.log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$data_dir/db" "$data_dir/uploads"
}
trap cleanup EXIT

for _ in $(seq 1 600); do
  curl -fs "$base/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$out/server.log" >&2; exit 1; }
  sleep 0.2
done

# Sign in as the demo producer (the demo accounts' password is documented in the README).
curl -fs -c "$data_dir/cookies.txt" -H "origin: $base" -H 'content-type: application/json' \
  -d '{"email":"demo.producer@pagetoscreen.test","password":"demo-password"}' \
  "$base/api/auth/login" >/dev/null
session="$(awk '$6 == "pts_session" { print $7 }' "$data_dir/cookies.txt")"
[[ -n "$session" ]] || { echo "sign-in failed" >&2; exit 1; }
cookie="pts_session=$session"

# --ignore-code=401: sqlmap also fuzzes the session cookie (level 3), which signs the request out;
# it must carry on to the User-Agent and Referer headers rather than give up on the target.
common=(--batch --level=3 --risk=2 --dbms=PostgreSQL --threads=2 --flush-session
  --output-dir="$out" --cookie="$cookie" --headers="Origin: $base" --ignore-code=401
  --disable-coloring)

run() {
  local name="$1"
  shift
  sqlmap "${common[@]}" -t "$out/$name.traffic" "$@" >"$out/$name.log" 2>&1 || true
  local requests tested injectable codes
  requests=$(grep -c '^HTTP request \[#' "$out/$name.traffic" || true)
  tested=$(grep -c 'does not seem to be injectable' "$out/$name.log" || true)
  injectable=$(grep -c 'identified the following injection point' "$out/$name.log" || true)
  codes=$(grep -A1 'HTTP error codes detected' "$out/$name.log" | tail -1)
  echo "$name: $requests requests, $tested parameters tested and not injectable, $injectable injection points; error codes: ${codes:-none}"
  total_requests=$((total_requests + requests))
  total_injectable=$((total_injectable + injectable))
  if grep -qE '\b5[0-9]{2} \(' <<<"$codes"; then server_errors=$((server_errors + 1)); fi
}

total_requests=0
total_injectable=0
server_errors=0
# The catalogue's free-text and number parameters, with values that match listings (so a
# changed answer shows), then its enumerated filters.
run catalogue \
  -u "$base/api/listings?search=the&medium=book&genre=Crime&territory=UK&rights=film&limit=24&offset=0"
run catalogue-filters \
  -u "$base/api/listings?priceRange=50k-100k&commercialViability=viable&featured=false&status=available&exclusivity=exclusive"
run tracking-search --method=POST \
  -u "$base/api/tracking/search" \
  --data='{"searchQuery":"lighthouse","filters":{"genre":"Crime","medium":"book","priceRange":"50k-100k","commercialViability":"viable"},"resultsCount":3}'
run profile --method=PUT \
  -u "$base/api/auth/profile" \
  --data='{"firstName":"Olivia","lastName":"Bennett","email":"demo.producer@pagetoscreen.test","username":"demo_producer","phoneNumber":"+44 20 7946 0000","address":"1 Bank Street, London","whatAreYouLookingFor":"Character-led crime novels","companyName":"Bennett Bright Films"}'

# The server logs every 5xx it answers ("unhandled error"): none may be there either.
logged_errors=$(grep -c 'unhandled error' "$out/server.log" || true)
echo "sqlmap: $total_requests requests, $total_injectable injection points, $server_errors targets with 5xx answers, $logged_errors unhandled errors logged by the server; logs in $out"
[[ "$total_injectable" -eq 0 && "$server_errors" -eq 0 && "$logged_errors" -eq 0 ]]
