#!/bin/sh
# Make sure PostgreSQL's server programs (initdb, pg_ctl, postgres) are installed for the
# catalog-store tests (tests/pg.py starts a throwaway server in a temporary directory).
# Idempotent: does nothing when initdb is found on PATH or under /usr/lib/postgresql/*/bin
# (where Debian's postgresql package puts it). Installing needs root (CI runs as root).
set -eu

find_initdb() {
    if command -v initdb >/dev/null 2>&1; then
        command -v initdb
        return 0
    fi
    for f in $(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V -r); do
        if [ -x "$f" ]; then
            echo "$f"
            return 0
        fi
    done
    return 1
}

if INITDB="$(find_initdb)"; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "ensure_postgres: initdb is missing; run as root: apt-get update && apt-get install -y postgresql" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends postgresql
if ! INITDB="$(find_initdb)"; then
    echo "ensure_postgres: installed the postgresql package but no initdb was found" >&2
    exit 1
fi
"$INITDB" --version
