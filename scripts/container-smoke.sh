#!/usr/bin/env bash
# Builds the site's container image with podman and runc, without pulling anything, runs it with
# the sandbox upstream and checks it: /healthz, the HEALTHCHECK, a real page, no development
# dependencies, a non-root user, node as PID 1, and a clean exit on stop. Exits non-zero on any
# failure and removes its container and image (KEEP_IMAGE=1 keeps the image).
#
# No base image can be pulled here: the Dockerfile's `node:<version>-bookworm-slim` is made locally
# the first time (scripts/podman-images.sh) and stays in podman's storage.
#
#   bash scripts/container-smoke.sh          (or: npm run container:smoke)
#
# Needs root (or sudo) for apt-get and podman; installs podman, runc, debootstrap and curl when
# missing.
# SMOKE_PORT (default 3390) is the host port the container is published on.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE="localhost/keynest-site:smoke"
CONTAINER="keynest-smoke-$$"
UPSTREAM_CONTAINER="keynest-smoke-upstream-$$"
PORT="${SMOKE_PORT:-3390}"
URL="http://127.0.0.1:${PORT}"

started=$(date +%s)
workdir="$(mktemp -d)"
# shellcheck source=scripts/podman-images.sh
. scripts/podman-images.sh
cleanup() {
  status=$?
  for container in "$CONTAINER" "$UPSTREAM_CONTAINER"; do
    if podman container exists "$container" 2>/dev/null; then
      if [ $status -ne 0 ]; then
        echo "--- log of $container ---" >&2
        podman logs "$container" >&2 || true
      fi
      podman rm -f "$container" >/dev/null 2>&1 || true
    fi
  done
  if [ "${KEEP_IMAGE:-0}" != 1 ]; then podman rmi -f "$IMAGE" >/dev/null 2>&1 || true; fi
  $sudo rm -rf "$workdir"
  if [ $status -eq 0 ]; then
    printf '\nPASS: container smoke test (%ss)\n' "$(($(date +%s) - started))"
  fi
}
trap cleanup EXIT

step "Tools: podman, runc, debootstrap, curl"
ensure_tools curl podman runc debootstrap
podman --version

ensure_base_image

step "Build the site image $IMAGE (npm ci, npm run build, npm ci --omit=dev)"
build_site_image "$IMAGE"

step "Image checks: no development dependencies, no CA settings left from the build"
# One container lists what it finds; a failing `podman run` fails the script (set -e).
present=$(podman "${PODMAN_RUN[@]}" --rm --no-healthcheck --entrypoint "" "$IMAGE" sh -c \
  'for p in tsx vite esbuild @remix-run/dev vitest; do
     if [ -e "node_modules/$p" ]; then echo "$p"; fi
   done; test -e node_modules/express && test -e node_modules/msw && echo ok')
[ "$(echo "$present" | tail -1)" = ok ] || fail "the image lacks production dependencies"
present=$(echo "$present" | sed '$d')
[ -z "$present" ] || fail "the image contains development dependencies: $present"
echo "express, msw: present; tsx, vite, esbuild, @remix-run/dev, vitest: absent"
if podman image inspect --format '{{.Config.Env}}' "$IMAGE" | grep -q NODE_EXTRA_CA_CERTS; then
  fail "NODE_EXTRA_CA_CERTS leaked into the image"
fi
podman image inspect --format 'user={{.Config.User}} cmd={{.Config.Cmd}} env={{.Config.Env}}' "$IMAGE"

step "Run it with the sandbox upstream on $URL"
# The health check is run by hand below: without systemd podman cannot schedule it.
podman "${PODMAN_RUN[@]}" -d --name "$CONTAINER" --health-interval disable \
  -e SANDBOX=1 -p "127.0.0.1:${PORT}:3000" "$IMAGE" >/dev/null
healthy=""
for _ in $(seq 1 60); do
  if [ "$(podman inspect --format '{{.State.Running}}' "$CONTAINER")" != true ]; then
    fail "the container stopped while starting"
  fi
  if curl -fsS "$URL/healthz" >"$workdir/health" 2>/dev/null; then
    healthy=1
    break
  fi
  sleep 0.5
done
[ -n "$healthy" ] || fail "/healthz did not answer within 30 s"
echo "GET /healthz: $(cat "$workdir/health")"

podman healthcheck run "$CONTAINER" >/dev/null || fail "the image's HEALTHCHECK failed"
echo "HEALTHCHECK: healthy"

status=$(curl -sS -o "$workdir/features.html" -w '%{http_code}' "$URL/features")
[ "$status" = 200 ] || fail "GET /features answered $status"
grep -q "KeyNest" "$workdir/features.html" || fail "GET /features does not contain the brand name"
echo "GET /features: 200, $(wc -c <"$workdir/features.html") bytes, contains KeyNest"
status=$(curl -sS -o /dev/null -w '%{http_code}' "$URL/de/pricing")
[ "$status" = 200 ] || fail "GET /de/pricing answered $status"
echo "GET /de/pricing: 200"

uid=$(podman exec "$CONTAINER" id -u)
[ "$uid" != 0 ] || fail "the server runs as root"
echo "runs as: $(podman exec "$CONTAINER" id -un) (uid $uid)"
pid1=$(podman exec "$CONTAINER" cat /proc/1/cmdline | tr '\0' ' ')
case "$pid1" in
  "node build/server.js "*) echo "PID 1: $pid1" ;;
  *) fail "PID 1 is '$pid1', not node" ;;
esac

step "Stop (SIGTERM) and check a clean exit"
stop_started=$(date +%s%N)
podman stop --time 10 "$CONTAINER" >/dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$CONTAINER")
podman logs "$CONTAINER" 2>&1 | sed 's/^/  log: /'
[ "$exit_code" = 0 ] || fail "the server exited with $exit_code"
[ "$stop_ms" -lt 10000 ] || fail "stopping took ${stop_ms} ms"
podman logs "$CONTAINER" 2>&1 | grep -q '"signal":"SIGTERM".*"msg":"closing the server"' || fail "the server did not log SIGTERM"
echo "stopped in ${stop_ms} ms, exit code 0"

step "Without SANDBOX=1 or API_URL it refuses to start"
if output=$(podman "${PODMAN_RUN[@]}" --rm --no-healthcheck "$IMAGE" 2>&1); then
  fail "the server started with no upstream configured"
else
  code=$?
fi
[ "$code" = 1 ] || fail "expected exit code 1, got $code: $output"
echo "$output" | grep -q "API_URL" || fail "no message naming API_URL: $output"
echo "exit code 1: $(echo "$output" | grep API_URL | head -1 | sed 's/^ *//')"

step "With a real upstream's settings (API_URL, SESSION_SECRET, SITE_URL) it starts"
podman "${PODMAN_RUN[@]}" -d --name "$UPSTREAM_CONTAINER" --network none --health-interval disable \
  -e API_URL=https://upstream.keynest.invalid -e SITE_URL=https://www.keynest.example \
  -e SESSION_SECRET=smoke-test-secret-of-at-least-32-characters "$IMAGE" >/dev/null
healthy=""
for _ in $(seq 1 30); do
  if podman healthcheck run "$UPSTREAM_CONTAINER" >/dev/null 2>&1; then
    healthy=1
    break
  fi
  sleep 1
done
[ -n "$healthy" ] || fail "the container with API_URL did not become healthy"
podman logs "$UPSTREAM_CONTAINER" 2>&1 | grep -q "Sandbox upstream" && fail "the sandbox ran with API_URL set"
echo "HEALTHCHECK: healthy, no sandbox upstream"
podman stop --time 10 "$UPSTREAM_CONTAINER" >/dev/null
code=$(podman inspect --format '{{.State.ExitCode}}' "$UPSTREAM_CONTAINER")
[ "$code" = 0 ] || fail "it exited with $code on stop"
echo "stopped, exit code 0"
