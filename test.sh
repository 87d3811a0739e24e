#!/usr/bin/env bash
# The whole test suite: sets up .venv on first use, then runs pytest.
# PostgreSQL tests start their own throwaway server from Debian's postgresql package and
# are skipped (with the reason) when it is absent, unless AAREF_REQUIRE_POSTGRES=1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$root/scripts/venv.sh"
cd "$root"
exec "$root/.venv/bin/python" -m pytest "$@"
