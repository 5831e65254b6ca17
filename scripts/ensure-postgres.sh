#!/usr/bin/env bash
# The PostgreSQL specs start a throwaway cluster from Debian's postgresql package (initdb, pg_ctl).
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "PostgreSQL is missing: install it with 'sudo apt-get install -y postgresql' and run the tests again." >&2
  exit 1
fi
echo "Installing PostgreSQL from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq postgresql >/dev/null
