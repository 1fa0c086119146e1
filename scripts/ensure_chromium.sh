#!/bin/sh
# Make sure Debian's Chromium is installed for the browser tests (tests/test_page_browser.py).
# Idempotent: does nothing when /usr/bin/chromium exists. Installing needs root (CI runs as
# root on a clean machine); Playwright's own browser download (`playwright install`) is never used.
set -eu

CHROMIUM="${DEPCHECK_CHROMIUM:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "ensure_chromium: $CHROMIUM is missing; run as root: apt-get update && apt-get install -y chromium" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium
if [ ! -x "$CHROMIUM" ]; then
    echo "ensure_chromium: installed the chromium package but $CHROMIUM is still missing" >&2
    exit 1
fi
"$CHROMIUM" --version
