#!/usr/bin/env bash
# The main job: sets up .venv on first use, then runs aaref.
# With DISCORD_TOKEN set it connects to Discord; without it opens the local console
# on the embedded SQLite database. Any arguments go to aaref (e.g. ./run.sh script FILE).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$root/scripts/venv.sh"
exec "$root/.venv/bin/aaref" "$@"
