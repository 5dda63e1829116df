#!/usr/bin/env bash
# Installs the optax column's peers of bench/optim/optimizers.py, jax (CPU)
# and optax, from PyPI into the project's venv (.venv, which
# scripts/install-deps.sh makes): without them the column reads n/a.
# Idempotent. Tests never need them.
#
# Usage: bash bench/optim/setup.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
py="$root/.venv/bin/python"
[[ -x $py ]] || "$root/scripts/install-deps.sh"
if ! "$py" -c 'import jax, optax' 2>/dev/null; then
  "$py" -m pip install --quiet --disable-pip-version-check "jax[cpu]" optax
fi
"$py" -c 'import jax, optax; print("jax", jax.__version__, "optax", optax.__version__)'
