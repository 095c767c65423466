# Sourced by the device scripts (tools/device_*.sh): picks the Python with CuPy as
# $PYTHON (unless set) and stops with one line if it has no working CuPy.
# $1: the calling script's name, for the message.
if [ -z "${PYTHON:-}" ]; then
    PYTHON=python3
    [ -x /opt/torch/.venv/bin/python3 ] && PYTHON=/opt/torch/.venv/bin/python3   # where CuPy was on the earlier runs
fi
"$PYTHON" -c "import cupy; cupy.cuda.runtime.getDeviceCount()" || { echo "$1: $PYTHON has no working CuPy" >&2; exit 1; }
