#!/bin/sh
# install_deps_sources.sh: scripts/install-deps.sh enables the bookworm-security apt source (LLVM,
# MLIR and lld 22 live there) when no source names it, in either apt format, and leaves an apt
# configuration that has it alone. Runs on a scratch APT_DIR, installs nothing.
set -eu
: "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
CN=bookworm
[ ! -r /etc/os-release ] || CN=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
run() { APT_DIR="$1" sh "$SRC/scripts/install-deps.sh" --sources-only > "$T/out" 2>&1 || fail "install-deps: $(cat "$T/out")"; }
new="sources.list.d/debian-security.sources"
# 1. No security source (deb822 main source only; a commented-out security line does not count).
mkdir -p "$T/a/sources.list.d"
printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: %s %s-updates\nComponents: main\n' "$CN" "$CN" \
  > "$T/a/sources.list.d/debian.sources"
printf '# deb http://deb.debian.org/debian-security %s-security main\n' "$CN" > "$T/a/sources.list"
run "$T/a"
[ -f "$T/a/$new" ] || fail "no security source added: $(cat "$T/out")"
grep -q "^Suites: $CN-security\$" "$T/a/$new" || fail "added source: $(cat "$T/a/$new")"
grep -q "^URIs: http://deb.debian.org/debian-security\$" "$T/a/$new" || fail "added source: $(cat "$T/a/$new")"
# Idempotent: a second run sees the source it added.
run "$T/a"
! grep -q adding "$T/out" || fail "second run added the source again"
# 2. The security source in the legacy one-line format: nothing added.
mkdir -p "$T/b/sources.list.d"
printf 'deb http://deb.debian.org/debian-security %s-security main\n' "$CN" > "$T/b/sources.list"
run "$T/b"
[ ! -e "$T/b/$new" ] || fail "a source was added although sources.list has $CN-security"
# 3. In deb822 format (Debian 12's default debian.sources): nothing added.
mkdir -p "$T/c/sources.list.d"
printf 'Types: deb\nURIs: http://deb.debian.org/debian-security\nSuites: %s-security\nComponents: main\n' "$CN" \
  > "$T/c/sources.list.d/debian.sources"
run "$T/c"
[ ! -e "$T/c/$new" ] || fail "a source was added although debian.sources has $CN-security"
echo "install_deps_sources: ok"
