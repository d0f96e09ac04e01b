#!/usr/bin/env bash
# Brings compose.yaml up with podman-compose — proxy, cache, app1, app2, the sandbox upstream and
# Redis — and checks through the proxy what several instances must get right: both instances
# answer, the shared cache keeps anonymous pages (identical bytes on a HIT), files and assets but
# never a signed-in page, keeps closed notices apart, a checkout started on one instance is paid
# on the shared upstream's payment page and shown by both, a form limit holds across instances
# (and a forged X-Forwarded-For does not lift it), the admin cache clear reaches both instances and
# the cache, visited pages are answered stale while both instances are down, and everything stops
# cleanly. Exits non-zero on any failure; removes its containers, network and site image
# (KEEP_IMAGE=1 keeps the image).
#
#   bash scripts/compose-smoke.sh          (or: npm run compose:smoke)
#
# An operator's check, like container:smoke (minutes; root and podman): not part of npm test.
# No image can be pulled here, so redis, varnish and nginx are local stand-ins for the official
# images, built once from the same debootstrap root file system (apt-get install redis-server /
# varnish / nginx) and
# kept; the site image is built from the Dockerfile (scripts/podman-images.sh). Installs podman,
# podman-compose, runc, debootstrap and curl when missing.
# COMPOSE_SMOKE_PORT (default 4780) is where the proxy is published, on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${COMPOSE_SMOKE_PORT:-4780}"
URL="http://127.0.0.1:${PORT}"
PROJECT="keynest-smoke-$$"
SITE_IMAGE="localhost/keynest-site:compose-smoke"
REDIS_IMAGE="localhost/keynest-redis-standin:bookworm"
PROXY_IMAGE="localhost/keynest-nginx-standin:bookworm"
CACHE_IMAGE="localhost/keynest-varnish-standin:bookworm"
FORM_LIMIT=3
# Short page lifetimes, so the run sees a page go stale: kept 20 s, then 5 s while re-rendered.
SHARED_MAX_AGE=20
STALE_WHILE_REVALIDATE=5
SERVICES=(proxy cache app1 app2 upstream redis)

started=$(date +%s)
workdir="$(mktemp -d)"
# shellcheck source=scripts/podman-images.sh
. scripts/podman-images.sh

container() { echo "${PROJECT}_$1_1"; }

compose() {
  $sudo env CONTAINERS_CONF="$workdir/containers.conf" SITE_IMAGE="$SITE_IMAGE" \
    REDIS_IMAGE="$REDIS_IMAGE" PROXY_IMAGE="$PROXY_IMAGE" CACHE_IMAGE="$CACHE_IMAGE" SITE_URL="$URL" \
    PROXY_PORT="127.0.0.1:${PORT}" SESSION_SECRET="$SESSION_SECRET" ADMIN_TOKEN="$ADMIN_TOKEN" \
    FORM_RATE_LIMIT="$FORM_LIMIT" PAGE_SHARED_MAX_AGE_SECONDS="$SHARED_MAX_AGE" \
    PAGE_STALE_WHILE_REVALIDATE_SECONDS="$STALE_WHILE_REVALIDATE" \
    podman-compose -p "$PROJECT" -f compose.yaml "$@"
}

cleanup() {
  status=$?
  set +e
  if [ $status -ne 0 ]; then
    for service in "${SERVICES[@]}"; do
      if podman container exists "$(container "$service")" 2>/dev/null; then
        echo "--- last log lines of $service ---" >&2
        podman logs --tail 30 "$(container "$service")" >&2
      fi
    done
  fi
  if [ -f "$workdir/containers.conf" ] && [ -n "${SESSION_SECRET:-}" ]; then
    compose down -v >"$workdir/down.log" 2>&1
  fi
  for service in "${SERVICES[@]}"; do
    podman rm -f "$(container "$service")" >/dev/null 2>&1
  done
  podman network rm "${PROJECT}_default" >/dev/null 2>&1
  if [ "${KEEP_IMAGE:-0}" != 1 ]; then podman rmi -f "$SITE_IMAGE" >/dev/null 2>&1; fi
  $sudo rm -rf "$workdir"
  if [ $status -eq 0 ]; then
    printf '\nPASS: compose smoke test (%ss)\n' "$(($(date +%s) - started))"
  fi
}
trap cleanup EXIT

step "Tools: podman, podman-compose, runc, debootstrap, curl"
ensure_tools curl podman podman-compose runc debootstrap
podman --version
podman-compose --version 2>/dev/null | grep -i 'podman-compose' || true

ensure_base_image

# A stand-in for an official image: the minbase root file system plus Debian's package.
standin() {
  local image=$1 name=$2 containerfile=$3
  if podman image exists "$image"; then
    step "Stand-in $name image $image: already built"
    return
  fi
  step "Stand-in $name image $image (apt-get in podman build)"
  local build_started
  build_started=$(date +%s)
  mkdir -p "$workdir/$name"
  printf '%s\n' "$containerfile" >"$workdir/$name/Containerfile"
  podman "${PODMAN_BUILD[@]}" --layers=false --format docker --network host -t "$image" \
    "$workdir/$name"
  echo "built in $(($(date +%s) - build_started)) s"
}
# Services never start themselves during a build (no init); apt's lists are not kept.
APT_PREFIX="printf '#!/bin/sh\\nexit 101\\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d \\
 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends"
standin "$REDIS_IMAGE" redis "FROM $ROOTFS_IMAGE
RUN $APT_PREFIX redis-server >/dev/null \\
 && rm -rf /var/lib/apt/lists/* && mkdir -p /data && chown redis:redis /data
WORKDIR /data
USER redis
CMD [\"redis-server\"]"
# Like the official image: an `nginx` worker user, curl, /var/cache/nginx, SIGQUIT to stop.
standin "$PROXY_IMAGE" nginx "FROM $ROOTFS_IMAGE
RUN $APT_PREFIX nginx curl >/dev/null \\
 && useradd --system --no-create-home --home-dir /nonexistent --shell /bin/false nginx \\
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* && mkdir -p /var/cache/nginx
STOPSIGNAL SIGQUIT
CMD [\"nginx\", \"-g\", \"daemon off;\"]"
# Like the official image: varnishd (with the C compiler it builds the VCL with) as user varnish.
standin "$CACHE_IMAGE" varnish "FROM $ROOTFS_IMAGE
RUN $APT_PREFIX varnish >/dev/null \\
 && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/varnish && chown varnish:varnish /var/lib/varnish
USER varnish
CMD [\"varnishd\", \"-F\", \"-a\", \":6081\", \"-f\", \"/etc/varnish/default.vcl\"]"

step "Build the site image $SITE_IMAGE (npm ci, npm run build, npm ci --omit=dev)"
build_started=$(date +%s)
build_site_image "$SITE_IMAGE"
echo "built in $(($(date +%s) - build_started)) s"

step "podman-compose up -d (project $PROJECT, proxy on $URL)"
# podman-compose runs plain `podman`: give it the runtime and limits that work here.
cat >"$workdir/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$NOFILE:$NOFILE", "nproc=1000:2000"]

[engine]
runtime = "runc"
EOF
SESSION_SECRET="$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
ADMIN_TOKEN="$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
up_started=$(date +%s)
compose up -d >"$workdir/up.log" 2>&1 || {
  cat "$workdir/up.log" >&2
  fail "podman-compose up failed"
}
grep -oE '^podman (network create [^ ]+|run --name=[^ ]+)' "$workdir/up.log" | sed 's/^/  /' || true
for service in "${SERVICES[@]}"; do
  podman container exists "$(container "$service")" || fail "no container for $service"
done

step "Health checks (compose.yaml's, run by hand: without systemd podman does not schedule them)"
for service in redis upstream app1 app2 cache proxy; do
  healthy=""
  for _ in $(seq 1 60); do
    if [ "$(podman inspect --format '{{.State.Running}}' "$(container "$service")")" != true ]; then
      fail "$service stopped while starting"
    fi
    if podman healthcheck run "$(container "$service")" >/dev/null 2>&1; then
      healthy=1
      break
    fi
    sleep 1
  done
  [ -n "$healthy" ] || fail "$service did not become healthy within 60 s"
  echo "$service: healthy"
done
echo "all healthy $(($(date +%s) - up_started)) s after up"

# Which service answered: the instance the cache names on a MISS (X-Served-By), else the one an
# X-Upstream-Addr names (the proxy adds it: the cache on a HIT, the upstream for /sandbox/pay),
# "-" when nginx answered itself.
declare -A SERVICE_AT
for service in app1 app2 upstream cache; do
  ip=$(podman inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' \
    "$(container "$service")")
  SERVICE_AT["$ip"]=$service
done
served_by() {
  local addr by
  by=$(header "$1" X-Served-By)
  if [ -n "$by" ]; then
    echo "$by"
    return
  fi
  addr=$(header "$1" X-Upstream-Addr)
  if [ -z "$addr" ]; then echo "-"; else echo "${SERVICE_AT[${addr%:*}]:-$addr}"; fi
}

# request NAME CURL-ARGS… PATH: the status; headers and body kept as NAME.head and NAME.body.
request() {
  local name=$1 path=${*: -1}
  set -- "${@:2:$#-2}"
  # English unless the caller names a language (curl would send both headers).
  case " $* " in *" Accept-Language:"*) ;; *) set -- -H 'Accept-Language: en' "$@" ;; esac
  curl -sS -o "$workdir/$name.body" -D "$workdir/$name.head" -w '%{http_code}' "$@" "$URL$path"
}
# header NAME HEADER: its value in NAME's answer, empty when absent.
header() { { grep -i "^$2:" "$workdir/$1.head" || true; } | tail -1 | cut -d' ' -f2- | tr -d '\r'; }
page() { # page NAME [CURL-ARGS…] PATH: a page as a browser asks for it
  local name=$1
  shift
  request "$name" -H 'Accept: text/html' "$@"
}
form() { # form NAME PATH FIELDS [CURL-ARGS…]: a form post from the site's own pages
  local name=$1 path=$2 fields=$3
  shift 3
  request "$name" -H "Origin: $URL" -H 'Content-Type: application/x-www-form-urlencoded' \
    -H 'Accept: text/html' --data "$fields" "$@" "$path"
}

step "Ready: both instances serve a page through the proxy"
# Healthy means the processes answer; serving a page also needs the upstream's and Redis's names.
# This podman's DNS (aardvark-dns 1.4) has been seen to stall the first lookups for seconds after
# containers join the network, so the instances get up to 90 s to answer four pages in a row —
# a page the checks below never ask, as the shared cache keeps it.
ready=0
for _ in $(seq 1 90); do
  if [ "$(page ready /migration)" = 200 ]; then ready=$((ready + 1)); else ready=0; fi
  [ "$ready" -lt 4 ] || break
  sleep 1
done
[ "$ready" -ge 4 ] || fail "the instances did not serve /migration within 90 s"
echo "ready $(($(date +%s) - up_started)) s after up"

step "Pages: rendered by both instances, then kept by the shared cache"
declare -A seen_instances
for path in /features /pricing /security /downloads /blog /help; do
  status=$(page "first$(echo "$path" | tr / -)" "$path")
  [ "$status" = 200 ] || fail "GET $path answered $status"
  cache=$(header "first$(echo "$path" | tr / -)" X-Cache)
  by=$(served_by "first$(echo "$path" | tr / -)")
  [ "$cache" = MISS ] || fail "the first GET $path was $cache"
  seen_instances[$by]=1
  echo "GET $path: 200, MISS, rendered by $by"
done
[ -n "${seen_instances[app1]:-}" ] && [ -n "${seen_instances[app2]:-}" ] ||
  fail "the pages did not come from both instances: ${!seen_instances[*]}"
for i in 1 2 3; do
  status=$(page "features-$i" /features)
  [ "$status" = 200 ] || fail "GET /features answered $status"
  [ "$(header "features-$i" X-Cache)" = HIT ] || fail "GET /features #$i was $(header "features-$i" X-Cache)"
  cmp -s "$workdir/first-features.body" "$workdir/features-$i.body" ||
    fail "GET /features #$i: the HIT's bytes differ from the first answer's"
  [ "$(header "features-$i" Content-Security-Policy)" = "$(header first-features Content-Security-Policy)" ] ||
    fail "GET /features #$i: the HIT's CSP differs from the page's own"
done
cache_control=$(header features-1 Cache-Control)
case "$cache_control" in
  public,*s-maxage=*) ;;
  *) fail "GET /features: Cache-Control $cache_control" ;;
esac
echo "GET /features ×3: HIT, the same bytes and CSP as the first answer; Cache-Control: $cache_control"
grep -q KeyNest "$workdir/features-1.body" || fail "the page lacks the brand name"
etag=$(header first-features ETag)
if [ -n "$etag" ]; then
  status=$(page revalidated -H "If-None-Match: $etag" /features)
  [ "$status" = 304 ] || fail "If-None-Match: $etag answered $status"
  [ "$(header revalidated X-Cache)" = HIT ] || fail "the 304 was $(header revalidated X-Cache)"
  echo "If-None-Match: $etag → 304, HIT"
else
  echo "the page has no ETag yet: no 304 to check"
fi
status=$(page english-de -H 'Accept-Language: de-DE,de;q=0.9' \
  -A 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' /features)
[ "$status" = 302 ] || fail "GET /features for a German browser answered $status"
[ "$(header english-de Cache-Control)" = "private, no-store" ] || fail "the language redirect is not private"
[ "$(header english-de Location)" = /de/features ] || fail "the redirect went to $(header english-de Location)"
echo "GET /features, Accept-Language: de: 302 to /de/features, private, $(header english-de X-Cache)"

step "Closed notices: one copy per combination, each kept"
for variant in cookie rewards; do
  for i in 1 2; do
    status=$(page "dismissed-$variant-$i" -H "Cookie: dismissed=$variant; _ga=GA1.2.$i" /de/pricing)
    [ "$status" = 200 ] || fail "GET /de/pricing (dismissed=$variant) answered $status"
  done
  [ "$(header "dismissed-$variant-2" X-Cache)" = HIT ] ||
    fail "the repeat with dismissed=$variant was $(header "dismissed-$variant-2" X-Cache)"
  echo "dismissed=$variant: $(header "dismissed-$variant-1" X-Cache), then HIT (another _ga cookie)"
done
cmp -s "$workdir/dismissed-cookie-1.body" "$workdir/dismissed-rewards-1.body" &&
  fail "two different closed notices got the same page"
echo "the two pages differ"

step "Signed in: private, never from the cache, and never seen by the next visitor"
status=$(form signed-in /sign-in \
  "_form=sign-in&email=active%40keynest.example&password=Sandbox-Pass-2026&website_url=")
[ "$status" = 303 ] || fail "signing in answered $status"
session=$({ grep -i '^set-cookie: __session=' "$workdir/signed-in.head" || true; } | head -1 |
  sed 's/^[^:]*: //; s/;.*//' | tr -d '\r')
[ -n "$session" ] || fail "signing in set no session cookie"
for path in /account /features; do
  for i in 1 2; do
    status=$(page "mine-$i" -H "Cookie: $session" "$path")
    [ "$status" = 200 ] || fail "GET $path signed in answered $status"
    [ "$(header "mine-$i" Cache-Control)" = "private, no-store" ] || fail "GET $path signed in is not private"
    [ "$(header "mine-$i" X-Cache)" = MISS ] || fail "GET $path signed in was $(header "mine-$i" X-Cache)"
  done
  echo "GET $path signed in ×2: 200, private, no-store, MISS"
done
grep -q 'action="/action/logout"' "$workdir/mine-2.body" || fail "the signed-in page has no sign-out"
status=$(page after-mine /features)
[ "$status" = 200 ] || fail "GET /features after answered $status"
grep -q 'action="/action/logout"' "$workdir/after-mine.body" &&
  fail "an anonymous visitor got the signed-in page"
echo "the next anonymous GET /features: $(header after-mine X-Cache), no account menu"
for i in 1 2; do
  status=$(page "checkout-page-$i" "/order/checkout?plan=102")
  [ "$status" = 200 ] || fail "GET /order/checkout answered $status"
  [ "$(header "checkout-page-$i" Cache-Control)" = "private, no-store" ] ||
    fail "the checkout page is not private"
  [ "$(header "checkout-page-$i" X-Cache)" != HIT ] || fail "the checkout page was a HIT"
done
echo "GET /order/checkout ×2: 200, private, no-store, X-Cache $(header checkout-page-2 X-Cache)"

step "Assets and public files: a shared cache HIT the second time"
asset=$(grep -o '/assets/[^"]*\.js' "$workdir/features-1.body" | head -1 || true)
[ -n "$asset" ] || fail "no /assets/ file named in the page"
for path in "$asset" /favicon.svg; do
  for i in 1 2 3; do
    status=$(request "file-$i" "$path")
    [ "$status" = 200 ] || fail "GET $path answered $status"
  done
  [ "$(header file-1 X-Cache)" = MISS ] || fail "GET $path: first was $(header file-1 X-Cache)"
  [ "$(header file-2 X-Cache)" = HIT ] || fail "GET $path: second was $(header file-2 X-Cache)"
  [ "$(header file-3 X-Cache)" = HIT ] || fail "GET $path: third was $(header file-3 X-Cache)"
  cmp -s "$workdir/file-1.body" "$workdir/file-3.body" || fail "GET $path: the HIT differs"
  echo "GET $path: MISS (from $(served_by file-1)), HIT, HIT; Cache-Control: $(header file-3 Cache-Control)"
done

step "Checkout through the proxy: one instance starts it, the shared upstream takes the payment"
# No marketing consent: a ticked box is an unverified subscription of this address, which would
# take one of the three the newsletter step below counts on.
fields="_form=checkout&website_url=&plan=102&email=dana.miller%40example.com&method=paypal"
status=$(form checkout "/order/checkout?plan=102" "$fields")
location=$(header checkout Location)
[ "$status" = 303 ] || fail "the checkout post answered $status"
case "$location" in
  /sandbox/pay\?order=102-*) ;;
  *) fail "the checkout sent the buyer to '$location'" ;;
esac
order=${location#*order=}
echo "POST /order/checkout: 303 to $location (from $(served_by checkout))"
status=$(page pay "$location")
[ "$status" = 200 ] || fail "GET $location answered $status"
[ "$(served_by pay)" = upstream ] || fail "the payment page came from $(served_by pay), not the upstream"
grep -q 'd\*\*\*@example.com' "$workdir/pay.body" || fail "the payment page does not show the order"
echo "GET $location: 200 from upstream, shows the order"
status=$(form paid /sandbox/pay "order=$order&outcome=paid")
[ "$status" = 303 ] || fail "paying answered $status"
[ "$(header paid Location)" = "/payment-success?order=$order" ] ||
  fail "paying sent the buyer to $(header paid Location)"
echo "POST /sandbox/pay (Pay): 303 to $(header paid Location)"
declare -A outcome_from
for i in 1 2 3 4; do
  status=$(page "outcome-$i" "/payment-success?order=$order")
  [ "$status" = 200 ] || fail "the outcome page answered $status"
  grep -q "Thank you! Your payment was received." "$workdir/outcome-$i.body" ||
    fail "the outcome page from $(served_by "outcome-$i") does not say the order is paid"
  outcome_from[$(served_by "outcome-$i")]=1
done
[ "${#outcome_from[@]}" = 2 ] || fail "the outcome page came from ${!outcome_from[*]} only"
echo "GET /payment-success: 200, paid, from ${!outcome_from[*]}"

step "Newsletter posts from one address: the limit ($FORM_LIMIT) holds across instances"
declare -A accepted_by
first_refused_by=""
for i in $(seq 1 $((FORM_LIMIT + 2))); do
  extra=()
  # The last one claims another address: the proxy replaces X-Forwarded-For, so it counts too.
  [ "$i" -lt $((FORM_LIMIT + 2)) ] || extra=(-H "X-Forwarded-For: 198.51.100.$i")
  status=$(form "news-$i" /de/features \
    "_form=newsletter&website_url=&email=reader-$i-$$%40example.com" "${extra[@]}")
  by=$(served_by "news-$i")
  echo "post #$i${extra:+ (X-Forwarded-For: 198.51.100.$i)}: $status from $by"
  if [ "$i" -le "$FORM_LIMIT" ]; then
    [ "$status" = 303 ] || fail "post #$i answered $status"
    accepted_by[$by]=$((${accepted_by[$by]:-0} + 1))
  else
    [ "$status" = 429 ] || fail "post #$i answered $status, not 429"
    grep -q "Zu viele Anfragen" "$workdir/news-$i.body" || fail "the 429 page is not German"
    [ -n "$first_refused_by" ] || first_refused_by=$by
  fi
done
[ "${accepted_by[$first_refused_by]:-0}" -lt "$FORM_LIMIT" ] ||
  fail "the 429 came from $first_refused_by, which had taken all $FORM_LIMIT posts itself"
echo "$first_refused_by refused after taking ${accepted_by[$first_refused_by]:-0} of the $FORM_LIMIT: the count is shared"

step "Request size: a body over 64 KB stops at the proxy"
head -c 100000 /dev/zero | tr '\0' 'a' >"$workdir/big"
status=$(request big -H "Origin: $URL" -H 'Content-Type: application/x-www-form-urlencoded' \
  --data-binary "@$workdir/big" /features)
[ "$status" = 413 ] || fail "a 100 KB post answered $status"
[ "$(served_by big)" = - ] || fail "the 100 KB post reached $(served_by big)"
echo "POST 100 KB: 413 from the proxy"

step "Admin cache clear through the proxy"
status=$(request clear-bad -X POST -H "Authorization: Bearer wrong-token" /admin/clear-cache)
[ "$status" = 401 ] || fail "a wrong token answered $status"
status=$(request clear -X POST -H "Authorization: Bearer $ADMIN_TOKEN" /admin/clear-cache)
[ "$status" = 200 ] || fail "the clear answered $status: $(cat "$workdir/clear.body")"
grep -q '"shared":{"status":"cleared"' "$workdir/clear.body" ||
  fail "the clear did not reach Redis: $(cat "$workdir/clear.body")"
grep -q '"listeners":2' "$workdir/clear.body" ||
  fail "not both instances heard the clear: $(cat "$workdir/clear.body")"
grep -q '"sharedCache":{"status":"banned"}' "$workdir/clear.body" ||
  fail "the clear did not empty the shared cache: $(cat "$workdir/clear.body")"
echo "wrong token: 401; token: 200 from $(served_by clear): $(cut -c1-200 "$workdir/clear.body")"
other=app1
[ "$(served_by clear)" != app1 ] || other=app2
for _ in $(seq 1 20); do
  podman logs "$(container "$other")" 2>&1 | grep -q "Caches cleared by another instance" && break
  sleep 0.5
done
podman logs "$(container "$other")" 2>&1 | grep -q "Caches cleared by another instance" ||
  fail "$other did not log the clear"
echo "$other: \"Caches cleared by another instance\""
status=$(page cleared-features /features)
[ "$(header cleared-features X-Cache)" = MISS ] ||
  fail "GET /features after the clear was $(header cleared-features X-Cache)"
echo "GET /features after the clear: $status, MISS (rendered by $(served_by cleared-features))"
sleep 2
status=$(page cleared-again /features)
echo "GET /features 2 s after the clear (after the second BAN): $status, $(header cleared-again X-Cache)"

step "Both instances down: a visited page is answered stale, an unvisited one is not"
page stale-before /pricing >/dev/null
podman stop --time 10 "$(container app1)" "$(container app2)" >/dev/null
# Past the page's s-maxage and stale-while-revalidate (the cache's probe, every 5 s, has long
# called both instances sick by then): only stale-if-error lets the cache answer.
sleep $((SHARED_MAX_AGE + STALE_WHILE_REVALIDATE + 2))
status=$(page stale /pricing)
[ "$status" = 200 ] || fail "GET /pricing with both instances down answered $status"
[ "$(header stale X-Cache)" = STALE ] || fail "GET /pricing with both down was $(header stale X-Cache)"
echo "GET /pricing: 200, X-Cache $(header stale X-Cache), Age $(header stale Age)"
grep -q KeyNest "$workdir/stale.body" || fail "the stale answer is not the page"
status=$(page unvisited /help/glossary)
[ "$status" = 503 ] || fail "GET /help/glossary (never visited) answered $status"
echo "GET /help/glossary (never visited): 503"
podman start "$(container app1)" "$(container app2)" >/dev/null
for service in app1 app2; do
  for _ in $(seq 1 60); do
    podman healthcheck run "$(container "$service")" >/dev/null 2>&1 && break
    sleep 1
  done
done
echo "app1, app2: started again"

step "Containers: read-only root file systems, no-new-privileges, the site as user node"
for service in "${SERVICES[@]}"; do
  readonly_fs=$(podman inspect --format '{{.HostConfig.ReadonlyRootfs}}' "$(container "$service")")
  security=$(podman inspect --format '{{.HostConfig.SecurityOpt}}' "$(container "$service")")
  [ "$readonly_fs" = true ] || fail "$service has a writable root file system"
  case "$security" in *no-new-privileges*) ;; *) fail "$service lacks no-new-privileges" ;; esac
  echo "$service: read-only root, $security"
done
for service in app1 app2 upstream; do
  uid=$(podman exec "$(container "$service")" id -u)
  [ "$uid" = 1000 ] || fail "$service runs as uid $uid"
done
echo "app1, app2, upstream: uid 1000 (node)"

step "Stop: every service exits cleanly"
for service in "${SERVICES[@]}"; do
  stop_started=$(date +%s%N)
  podman stop --time 10 "$(container "$service")" >/dev/null
  stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
  code=$(podman inspect --format '{{.State.ExitCode}}' "$(container "$service")")
  [ "$code" = 0 ] || fail "$service exited with $code"
  echo "$service: exit code 0 in ${stop_ms} ms"
done
for service in app1 app2 upstream; do
  podman logs "$(container "$service")" 2>&1 | grep -q '"signal":"SIGTERM".*"msg":"closing the server"' ||
    fail "$service did not log its SIGTERM"
done
echo "app1, app2, upstream logged SIGTERM and closed"
compose down -v >"$workdir/down.log" 2>&1 || {
  cat "$workdir/down.log" >&2
  fail "podman-compose down failed"
}
echo "podman-compose down: containers removed"
