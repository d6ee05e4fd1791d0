#!/bin/bash
# Measures what each way of keeping a phone's screen awake does in
# chromium on a plain-http page, at a loopback address (a secure context)
# and under a LAN-like name (lan.test, resolved to 127.0.0.1 by
# --host-resolver-rules, so the origin is not potentially trustworthy, as
# http://192.168.1.20 is not). Chromium on Linux holds a screen wake lock
# by calling org.freedesktop.ScreenSaver.Inhibit on the session bus;
# screensaver.py stands in for the desktop and logs each call. Chromium
# runs with a window (under Xvfb): headless chromium holds no wake lock
# at all. Results: docs/phones.md.
#
# Needs: chromium, xvfb (xvfb-run), dbus (dbus-run-session), python3-dbus,
# python3-gi. Run: bench/wakelock/measure.sh [HOLD_SECONDS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
hold=${1:-9}
work=$(mktemp -d)
trap 'kill $srv 2>/dev/null; rm -rf "$work"' EXIT
cp "$here/techniques.html" "$work/"
(cd "$work" && exec /usr/bin/python3 -m http.server ${PORT:-8765} --bind 127.0.0.1 >/dev/null 2>&1) &
srv=$!
sleep 1
one() { # ORIGIN TECHNIQUE [chromium flags]
	local origin=$1 t=$2; shift 2
	: > "$work/ss.txt"
	xvfb-run -a dbus-run-session -- bash -c '
		/usr/bin/python3 "$1" "$2/ss.txt" & p=$!; sleep 1
		chromium --no-sandbox --disable-gpu --no-first-run --enable-logging=stderr --user-data-dir="$2/ud.$RANDOM" "${@:5}" "$3" >"$2/chr.txt" 2>&1 & c=$!
		sleep "$4"; kill $c; sleep 0.5; kill $p' _ "$here/screensaver.py" "$work" "$origin/techniques.html?t=$t" "$hold" "$@" 2>/dev/null
	printf '%-45s %-22s %s | %s\n' "$origin $*" "$t" "$(grep -o 'RESULT [^"]*' "$work/chr.txt" | sed 's/^RESULT //' | tr '\n' ' ')" \
		"$(grep -E 'Inhibit|UnInhibit' "$work/ss.txt" | cut -d' ' -f2- | tr '\n' ' ' || true)"
}
lan=(--host-resolver-rules="MAP lan.test 127.0.0.1")
for t in none wakelock file-video stream-video stream-1px-invisible stream-display-none stream-off-screen; do
	one http://127.0.0.1:${PORT:-8765} $t
	one http://lan.test:${PORT:-8765} $t "${lan[@]}"
done
