# Shared by scripts/container-smoke.sh and scripts/compose-smoke.sh (sourced, not run): podman
# with the flags that work on a machine without a registry or systemd, the tools they need, and
# the images made locally instead of pulled.
#
# No base image can be pulled here, so the Dockerfile's `node:<version>-bookworm-slim` is made
# the first time: a `debootstrap --variant=minbase bookworm` root file system plus the Node
# binary of .nvmrc (scripts/install-node.sh) and the machine's npm, with a `node` user as in the
# official image. Both stay in podman's storage, so later runs skip this.
#
# Expects: `set -euo pipefail`, the repository as the working directory, and $workdir (a
# temporary directory the caller removes).

NODE_VERSION="$(tr -d '[:space:]v' <.nvmrc)"
BASE_IMAGE="docker.io/library/node:${NODE_VERSION}-bookworm-slim"
ROOTFS_IMAGE="localhost/keynest-bookworm-minbase:latest"
# A CA bundle for `npm ci` and apt-get in builds, in case a proxy re-signs TLS (the host's trusts it).
CA_BUNDLE="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"

step() { printf '\n==> %s\n' "$*"; }
fail() {
  printf '\nFAIL: %s\n' "$*" >&2
  exit 1
}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
# Without systemd, podman logs an error about health-check timers on run, stop and rm: harmless
# here (health checks are run by hand), so those lines are dropped.
podman() {
  if [ -n "$sudo" ]; then set -- sudo podman "$@"; else set -- command podman "$@"; fi
  "$@" 2> >(grep -v 'unable to get systemd connection' >&2)
}
# Flags that let podman build and run here: runc, explicit ulimits, never pull. Podman's default
# open-file limit (1048576) is above what this shell may grant, so containers get this shell's
# hard limit (at most 65536); 1024 made `npm ci` fail now and then with EMFILE.
NOFILE="$(ulimit -Hn)"
if [ "$NOFILE" = unlimited ] || [ "$NOFILE" -gt 65536 ]; then NOFILE=65536; fi
ULIMITS=(--ulimit "nofile=$NOFILE:$NOFILE" --ulimit nproc=1000:2000)
PODMAN_BUILD=(build --runtime runc "${ULIMITS[@]}" --pull=never)
PODMAN_RUN=(run --runtime runc "${ULIMITS[@]}" --pull=never)

# Installs (apt-get) whichever of the given Debian packages' commands are missing; `runc` and
# `debootstrap` may live in /usr/sbin. `type -P` looks on PATH only: `command -v` would also find
# the `podman` function above and never install podman.
ensure_tools() {
  local missing=() tool
  for tool in "$@"; do
    type -P "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("$tool")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# The minbase root file system as an image ($ROOTFS_IMAGE), from debootstrap the first time.
ensure_rootfs_image() {
  if podman image exists "$ROOTFS_IMAGE"; then
    step "Debian bookworm minbase root file system: already imported ($ROOTFS_IMAGE)"
    return
  fi
  step "Debian bookworm minbase root file system (debootstrap, about a minute)"
  local rootfs="$workdir/rootfs"
  $sudo debootstrap --variant=minbase bookworm "$rootfs" >"$workdir/debootstrap.log" 2>&1 ||
    {
      tail -20 "$workdir/debootstrap.log" >&2
      fail "debootstrap failed"
    }
  $sudo rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin \
    "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
  $sudo tar -C "$rootfs" --numeric-owner -c . | podman import - "$ROOTFS_IMAGE" >/dev/null
  echo "Imported as $ROOTFS_IMAGE"
}

# The Dockerfile's base image ($BASE_IMAGE): minbase + Node of .nvmrc + npm + user node (1000).
ensure_base_image() {
  if podman image exists "$BASE_IMAGE"; then
    step "Base image $BASE_IMAGE: already built"
    return
  fi
  ensure_rootfs_image
  step "Base image $BASE_IMAGE: minbase + Node $NODE_VERSION + npm + user node (1000)"
  local context="$workdir/base" node_bin npm_dir
  mkdir -p "$context"
  node_bin="$(bash scripts/install-node.sh)"
  cp "$node_bin/node" "$context/node"
  # The npm package of the npm command on PATH (`npm root -g` would follow the Node binary of
  # .nvmrc, whose package ships without npm).
  npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
  [ -f "$npm_dir/package.json" ] || fail "cannot find the npm package of $(command -v npm)"
  cp -r "$npm_dir" "$context/npm"
  cat >"$context/Containerfile" <<EOF
FROM $ROOTFS_IMAGE
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin NODE_VERSION=$NODE_VERSION
CMD ["node"]
EOF
  podman "${PODMAN_BUILD[@]}" --layers=false --format docker -t "$BASE_IMAGE" "$context"
}

# The site image from the Dockerfile, tagged $1 (npm ci, npm run build, npm ci --omit=dev).
build_site_image() {
  # An image kept by an earlier run (KEEP_IMAGE=1) would linger untagged after the new build.
  podman rmi -f "$1" >/dev/null 2>&1 || true
  # --layers=false: no intermediate images are left behind (the base image is the cache that
  # matters).
  podman "${PODMAN_BUILD[@]}" --layers=false --format docker --network host \
    --volume "$CA_BUNDLE:/usr/local/share/host-ca-certificates.crt:ro" \
    --build-arg NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca-certificates.crt \
    --build-arg NODE_VERSION="$NODE_VERSION" \
    -t "$1" .
}
