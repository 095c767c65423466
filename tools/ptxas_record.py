"""One JSON record of a ptxas probe (traces/ptxas/*.json): what it probes, the
ptxas that answered (`ptxas --version`'s last two lines), when, the command,
and the probes' rows (plus any other fields)."""
import datetime
import json
import subprocess
from pathlib import Path


def write_probe_record(out, what, command, **fields):
    version = subprocess.run(["ptxas", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    record = {"what": what, "ptxas": version.splitlines()[-2:],
              "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "command": command, **fields}
    Path(out).write_text(json.dumps(record, indent=1) + "\n")
    print("wrote", out)
