#!/usr/bin/env bash
# The H200 run behind simgpu's tensor-core instructions (mma.sync, ldmatrix, stmatrix): what
# each costs a warp, in one device call:
#
#     OUT=/path/to/out bash tools/device_tensor_latency.sh
#
# 1. The SASS ptxas makes of tools/tensor_latency.cu: $OUT/tensor_latency.sass.
# 2. Cycles of its kernels (%clock64 around the timed loop, per warp), with the provenance:
#    $OUT/latency.json. lat_* (a dependent chain of 256 operations) run as one block of one
#    warp; thr_* (1024 operations per warp, 8 independent chains interleaved) as one block of
#    1, 4, 8 and 16 warps (warp w sits on sub-partition w % 4). The loop runs twice per launch
#    (pass 1 warms the instruction cache; pass 2 is the one reported). Each shape: one warm-up
#    launch, then 5 runs; every warp's raw cycles of every run, the block's span, and the median
#    cycles per operation per warp. The ldmatrix chases' final addresses are checked against where the chase must end.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_tensor_latency.sh
TMP=$(mktemp -d)
nvcc -cubin -arch=sm_90 -O3 -Xptxas -v tools/tensor_latency.cu -o "$TMP/tensor_latency.cubin" 2> "$TMP/ptxas.txt"
grep -E "spill" "$TMP/ptxas.txt" | sort | uniq -c || true
cuobjdump -sass "$TMP/tensor_latency.cubin" > "$OUT/tensor_latency.sass"
"$PYTHON" - "$TMP/tensor_latency.cubin" "$OUT/tensor_latency.sass" "$OUT/latency.json" <<'PY'
import json, re, subprocess, sys, datetime, collections
import numpy as np, cupy as cp
cubin, sass, dest = sys.argv[1:4]
LAT_OPS, THR_OPS = 256, 1024

def smi():
    return subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,"
                           "temperature.gpu,power.draw", "--format=csv,noheader"],
                          capture_output=True, text=True).stdout.strip()

# the opcodes between the two clock reads of each kernel (the timed loop and its set-up)
loops = {}
for m in re.finditer(r"Function : (\S+)(.*?)(?=Function : |\Z)", open(sass).read(), re.S):
    ins = [re.sub(r"\s+", " ", l.split(";")[0].split("*/", 1)[1]).strip()
           for l in m.group(2).splitlines() if re.match(r"\s+/\*[0-9a-f]{4}\*/", l)]
    cs = [i for i, l in enumerate(ins) if "SR_CLOCKLO" in l]
    if len(cs) >= 2:
        ops = [l.split()[1] if l.startswith("@") else l.split()[0] for l in ins[cs[0] + 1:cs[1]]]
        loops[m.group(1)] = dict(collections.Counter(ops))

mod = cp.RawModule(path=cubin)
mma = ["mma_16816_f32_f16", "mma_16816_f16_f16", "mma_1688_f32_f16", "mma_16816_f32_bf16",
       "mma_1688_f32_tf32", "mma_1684_f32_tf32", "mma_884_f64", "mma_16832_s32_s8", "mma_16816_s32_s8"]
ldsm = ["ldsm_x1", "ldsm_x2", "ldsm_x4", "ldsm_x4_trans"]
jobs = [("lat_ffma", LAT_OPS, [1])]
for n in mma + ldsm:
    jobs += [("lat_" + n, LAT_OPS, [1]), ("thr_" + n, THR_OPS, [1, 4, 8, 16])]
jobs += [("thr_stsm_x4", THR_OPS, [1, 4, 8, 16]), ("lat_ldsm_x4_glue", LAT_OPS, [1]), ("lat_ldsm_mma", LAT_OPS, [1])]
# where each ldmatrix chase must end (chain 0 for thr_*): lane t at (t % (8 * matrices)) * 16
nm = {"ldsm_x1": 1, "ldsm_x2": 2, "ldsm_x4": 4, "ldsm_x4_trans": 4, "ldsm_x4_glue": 4}

rec = {"what": "cycles between two %clock64 reads per warp (tools/tensor_latency.cu): lat_* = a dependent chain "
               "of 256 operations, one block of one warp; thr_* = 1024 operations per warp, 8 independent chains "
               "interleaved, one block of W warps (warp w on sub-partition w % 4). The timed loop runs twice per "
               "launch, each pass after a block barrier; cycles = pass 2 of each warp (per run, per warp), "
               "first_pass_cycles = pass 1 (cold instruction cache), span_cycles = pass 2's last end clock less its "
               "first start clock over the block's warps. median_cycles_per_op = median over runs and warps of "
               "cycles / operations; sm_cycles_per_op = median span / (operations * warps)",
       "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
       "driver": cp.cuda.runtime.driverGetVersion(), "runtime": cp.cuda.runtime.runtimeGetVersion(),
       "nvidia_smi_fields": "name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw",
       "nvidia_smi_before": smi(),
       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(), "command": "OUT=... bash tools/device_tensor_latency.sh",
       "compile": "nvcc -cubin -arch=sm_90 -O3 tools/tensor_latency.cu",
       "lat_operations": LAT_OPS, "thr_operations_per_warp": THR_OPS, "runs": 5, "kernels": {}}
rng = np.random.default_rng(7)
table = []
for name, ops, shapes in jobs:
    rec["kernels"][name] = {"operations_per_warp": ops, "sass_between_clocks": loops.get(name), "shapes": {}}
    try:
        f = mod.get_function(name)
        for w in shapes:
            nthreads = 32 * w
            cycles, first, span = [], [], []
            for r in range(6):   # run 0 is the warm-up
                x = cp.asarray(rng.uniform(-0.1, 0.1, 16 * nthreads).astype(np.float32))
                out = cp.full(nthreads, np.nan, dtype=cp.float32)
                t = cp.full(4 * w, -1, dtype=cp.int64)
                f((1,), (nthreads,), (x, out, t, np.uint32(0)))
                cp.cuda.Device().synchronize()
                if r:
                    q = t.get().reshape(w, 4)
                    first.append([int(c) for c in q[:, 0]])
                    cycles.append([int(c) for c in q[:, 1]])
                    span.append(int(q[:, 3].max() - q[:, 2].min()))
            o = out.get()
            entry = {"warps": w, "cycles": cycles, "first_pass_cycles": first, "span_cycles": span,
                     "median_cycles_per_op": float(np.median(np.array(cycles) / ops)),
                     "min_cycles_per_op": float(np.min(np.array(cycles) / ops)),
                     "max_cycles_per_op": float(np.max(np.array(cycles) / ops)),
                     "median_first_pass_cycles_per_op": float(np.median(np.array(first) / ops)),
                     "median_span_cycles_per_op_per_warp": float(np.median(span)) / ops,
                     "sm_cycles_per_op": float(np.median(span)) / (ops * w)}
            key = name[4:]
            if key in nm:   # two passes: chain 0 made 2 * ops / (8 chains for thr_*) steps
                NT = 32768 // (128 * nm[key])
                steps = 2 * ops // (8 if name.startswith("thr_") else 1)
                want = (steps % NT) * 128 * nm[key] + (np.arange(nthreads) % 32 % (8 * nm[key])) * 16
                entry["chase_ok"] = bool(np.array_equal(o.view(np.uint32), want.astype(np.uint32)))
            else:
                entry["out_finite_fraction"] = float(np.isfinite(o).mean())
            rec["kernels"][name]["shapes"][str(w)] = entry
            table.append(f"{name:24s} W={w:2d} {entry['median_cycles_per_op']:8.2f} cyc/op/warp "
                         f"[{entry['min_cycles_per_op']:.2f}..{entry['max_cycles_per_op']:.2f}] "
                         f"span/op {entry['median_span_cycles_per_op_per_warp']:7.2f} SM cyc/op {entry['sm_cycles_per_op']:6.2f} "
                         f"pass1 {entry['median_first_pass_cycles_per_op']:7.2f}"
                         + (f" chase_ok={entry['chase_ok']}" if "chase_ok" in entry else ""))
    except Exception as e:   # keep what ran; a fault here ends the context, so say so and go on
        rec["kernels"][name]["error"] = f"{type(e).__name__}: {e}"
        table.append(f"{name:24s} ERROR {type(e).__name__}: {e}")
    open(dest, "w").write(json.dumps(rec, indent=1) + "\n")
rec["nvidia_smi_after"] = smi()
open(dest, "w").write(json.dumps(rec, indent=1) + "\n")
print("before:", rec["nvidia_smi_before"]); print("after: ", rec["nvidia_smi_after"])
print("\n".join(table))
PY
