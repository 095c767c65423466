#!/usr/bin/env bash
# Local memory on the H200 (programs/micro/local_mem.s; the held-out local_hist's per-thread
# array indexed by data), in one device call from the repository root:
#
#     OUT=/path/to/out bash tools/device_local_mem.sh
#
# $OUT/micro_local_mem.json: the micro through tools/crosscheck_cuda.py --ncu (results checked,
# CUDA-event timings, the harness's Nsight Compute counters per launch) at steps=256 (one warp),
# blocks=256 and lsteps=64 (the busy_* launches: local_hist's grid); $OUT/micro_local_mem.sass:
# its SASS (ptxas -arch=sm_90 -O3, cuobjdump -sass: every step's LDL/STL is there);
# $OUT/local_mem_ncu.csv and $OUT/local_hist_ncu.csv: ncu --csv --page raw, the same launches
# and programs/holdout/local_hist.ptx's once more with the local-memory counters the harness
# does not collect (l1tex__t_*_pipe_lsu_mem_local_*: requests, sectors, hits; the L2's sectors
# from the L1s, read and write; the L1<->crossbar sectors), each name checked against
# ncu --query-metrics first ($OUT/local_metrics.txt: those asked for); $OUT/device.txt: the GPU,
# driver and clock, the date. tools/local_mem_figures.py prints the figures from the records.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the records}"
mkdir -p "$OUT"
source tools/device_python.sh device_local_mem.sh
P=programs/micro/local_mem.s
SETS="--set=steps=256 --set=blocks=256 --set=lsteps=64"
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > "$OUT/device.txt"
date -u >> "$OUT/device.txt"
python3 tools/probe_ptxas_loads_ahead.py --dump "$OUT/micro_local_mem.sass" $P || echo "SASS dump failed" >&2

# the counters: wanted names, kept where this ncu knows them (an unknown name fails the whole run)
ncu --query-metrics --chip gh100 > /tmp/ncu_metrics.txt 2>&1
known() { awk '{print $1}' /tmp/ncu_metrics.txt | grep -xE "$1"; }
M="gpc__cycles_elapsed.max,sm__cycles_active.avg,smsp__inst_executed.sum"
for m in $( { known 'l1tex__t_(requests|sectors)_pipe_lsu_mem_local_op_(ld|st)(_lookup_(hit|miss))?'
              known 'smsp__inst_executed_op_local_(ld|st)'
              known 'lts__t_(requests|sectors)_srcunit_tex_op_(read|write)(_lookup_(hit|miss))?'
              known 'l1tex__m_(xbar2l1tex_read|l1tex2xbar_write)_sectors(_mem_lg_op_(ld|st))?'
              known 'l1tex__data_pipe_lsu_wavefronts_mem_lg_cmd_(read|write)'; } | sort -u ); do
    M="$M,$m.sum"
done
for m in $(known 'l1tex__t_sector_pipe_lsu_mem_local_op_(ld|st)_hit_rate'); do M="$M,$m.pct"; done
if ! known 'l1tex__t_sectors_pipe_lsu_mem_local_op_ld' > /dev/null; then    # no list: the names asked for, as given
    echo "ncu --query-metrics listed no local-memory counters: asking for the usual names" >&2
    M="gpc__cycles_elapsed.max,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum"
    M="$M,l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_local_op_st.sum"
    M="$M,l1tex__t_sector_pipe_lsu_mem_local_op_ld_hit_rate.pct,lts__t_sectors_srcunit_tex_op_write.sum"
    M="$M,lts__t_sectors_srcunit_tex_op_read.sum"
fi
echo "$M" | tr , '\n' > "$OUT/local_metrics.txt"

"$PYTHON" -u tools/crosscheck_cuda.py --ncu --out "$OUT/micro_local_mem.json" $SETS $P 2>&1 | tail -5
ncu --clock-control none --csv --page raw --metrics "$M" "$PYTHON" -m simgpu.crosscheck --single $P $SETS \
    > "$OUT/local_mem_ncu.csv" 2> "$OUT/local_mem_ncu.err"
ncu --clock-control none --csv --page raw --metrics "$M" "$PYTHON" -m simgpu.crosscheck --single \
    programs/holdout/local_hist.ptx > "$OUT/local_hist_ncu.csv" 2>> "$OUT/local_mem_ncu.err"
[ -s "$OUT/local_mem_ncu.err" ] || rm -f "$OUT/local_mem_ncu.err"
ls -la "$OUT"
