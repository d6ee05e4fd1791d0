#!/usr/bin/env bash
# Runs every rumref test: formatting, vet, the unit/golden/end-to-end tests,
# and each fuzz target briefly. Usage: ./test.sh  (FUZZTIME=200000x ./test.sh fuzzes longer)
#
# The fuzz budget is a count of executions, not a duration: Go 1.26's fuzz
# coordinator can report a spurious "context deadline exceeded" when a
# duration budget ends on a loaded machine (go.dev/issue/75804).
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  export PATH="$PATH:/usr/local/go/bin"
fi
fuzztime="${FUZZTIME:-10000x}"

echo "== gofmt"
unformatted=$(gofmt -l . | grep -v '/testdata/' || true)
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi
echo "== go vet"
go vet ./...
echo "== cross builds (macOS and Windows; Linux is the build above)"
for os_arch in darwin/arm64 darwin/amd64 windows/amd64; do
  GOOS="${os_arch%/*}" GOARCH="${os_arch#*/}" go build ./... || { echo "go build fails for $os_arch"; exit 1; }
done
GOOS=windows go vet ./journal ./setup ./prompts
echo "== static binary (CGO_ENABLED=0, as the README's install line builds it)"
static_dir=$(mktemp -d)
CGO_ENABLED=0 go build -o "$static_dir/rumref" .
go version -m "$static_dir/rumref" | grep -q 'CGO_ENABLED=0' || { echo "the binary was not built with CGO_ENABLED=0"; exit 1; }
if command -v file >/dev/null 2>&1 && ! file "$static_dir/rumref" | grep -q 'statically linked'; then
  echo "the binary is not statically linked: $(file "$static_dir/rumref")"; exit 1
fi
"$static_dir/rumref" --version >/dev/null
rm -rf "$static_dir"
echo "== chromium (for the browser tests of web/)"
# The browser tests drive Debian's chromium; install it when it is
# missing (CI runs as root on Debian). RUMREF_SKIP_BROWSER=1 skips them.
if [ "${RUMREF_SKIP_BROWSER:-}" != 1 ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo apt-get update -qq >/dev/null && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing and cannot be installed here: install it, or set RUMREF_SKIP_BROWSER=1 to skip the browser tests"; exit 1
  fi
fi
command -v chromium >/dev/null 2>&1 && chromium --version || true
echo "== go test"
# -timeout: a package's whole-game tests (cli, web) take minutes on a loaded
# 2-core machine; the default 10 minutes per package has been too short there.
go test -count=1 -timeout 25m ./...
echo "== the terminal's race test under -race"
# TestTerminalPauseHasNoDataRace and TestTerminalTypedPromptHasNoDataRace
# look for the race detector's report, which only a -race build writes; the
# rest of the suite is not run under -race (it would take several times as
# long).
go test -count=1 -race -run '^TestTerminal(Pause|TypedPrompt)HasNoDataRace$' ./prompts
echo "== fuzz targets (${fuzztime} each)"
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "-- $pkg $target"
    go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >/tmp/rumref-fuzz.log 2>&1 || { cat /tmp/rumref-fuzz.log; exit 1; }
  done
done
echo "== all tests passed"
