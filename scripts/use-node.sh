# Sourced by every npm script that runs Node (`. scripts/use-node.sh && …`, in npm's sh) so that
# the rest of the script runs on a Node package.json's engines accept. It prints the Node it runs
# on; on a Node outside engines (a machine's Node 20, say) it puts the .nvmrc version, from
# scripts/install-node.sh (the npm registry, cached), first on PATH and says so; when that fails it
# names the fix and exits 1 at once (before `npm ci`, it says to run that). npm scripts started
# from this one inherit PATH and KEYNEST_NODE and say nothing more.
if [ "${KEYNEST_NODE:-}" != "$(command -v node)" ]; then
  keynest_range="$(node scripts/node-engines.mjs)"
  keynest_check=$?
  if [ "$keynest_check" = 2 ]; then
    echo "The dependencies are not installed: run  npm ci  first" >&2
    exit 1
  elif [ "$keynest_check" = 0 ]; then
    echo "Node $(node --version) ($(command -v node))" >&2
  else
    keynest_was="$(node --version)"
    if keynest_bin="$(bash scripts/install-node.sh)" && "$keynest_bin/node" scripts/node-engines.mjs >/dev/null; then
      PATH="$keynest_bin:$PATH"
      export PATH
      echo "Node $(node --version) ($keynest_bin/node): this machine's Node $keynest_was is outside package.json's engines ($keynest_range)" >&2
    else
      echo "Node $keynest_was is outside package.json's engines ($keynest_range) and Node $(cat .nvmrc) could not be installed: run  export PATH=\"\$(bash scripts/install-node.sh):\$PATH\"  and try again" >&2
      exit 1
    fi
  fi
  KEYNEST_NODE="$(command -v node)"
  export KEYNEST_NODE
fi
