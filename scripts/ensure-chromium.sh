#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright cannot download its own browser here):
# its headless shell for the journeys (tests/support/chromium.ts), the full browser for Lighthouse
# and for watching a journey.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium chromium-headless-shell' and run the tests again." >&2
  exit 1
fi
echo "Installing Chromium and its headless shell from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-headless-shell fonts-dejavu-core >/dev/null
