"""Mixed memory instructions on one SM: do shared loads, shared stores, L1-hit
global loads and cp.async copies share the SM's memory path, and what does
switching between them cost?

    python3 tools/measure_mio_mix.py OUT.json          (on the GPU machine)

traces/h200/mio.json (tools/measure_mio.py) timed each shape alone and two
mixes with even and odd warps apart: LDS.32 alone goes at 0.95 an SM a
cycle, an L1-hit LDG.32 alone at 0.95, and the two mixed at 0.45, slower
than either. This record times the mixes that separate the explanations:
in one warp (slot j of each iteration's 8 takes the pattern's j-th op,
cycling), in even and odd warps (`a|b`: on the schedulers 0, 2 and 1, 3),
and in the block's two halves (`a^b`: every scheduler has both).

Ops: lds32 (lane l reads word l), lds128h (a 16-byte word per half-warp:
matmul_batched's A row), sts32 (lane l writes word l), ldg32 (ld.global.ca,
lane l word l, L1-resident), cpa4 (cp.async.ca.shared.global of 4 bytes,
lane l word l, one commit group an iteration, wait_group 1 after it), cpa8
and cpa16 (8 and 16 bytes, lane l the l-th 8 or 16), cpa16cg (16 bytes,
.cg: through the L2). Slot j
addresses 512 j bytes on; every loaded word feeds an FADD. One block of 4, 8
or 32 warps on each of the 132 SMs; clock64 around the loop, per block (the
median over blocks, then over 3 runs after a warm-up) and per warp (its own
end, for which warps finish first); then each launch once under Nsight
Compute (wavefronts, MIO and LSU-in counters, warp states); and the SASS of
every kernel (nvcc -cubin -arch=sm_90 -O3, cuobjdump -sass).
"""
import csv
import datetime
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

OPS = ("lds32", "lds128h", "sts32", "ldg32", "cpa4", "cpa8", "cpa16", "cpa16cg")
CASES = ("lds32", "ldg32", "sts32", "cpa4",
         "lds32,ldg32", "lds32,lds32,lds32,ldg32", "lds32,lds32,lds32,lds32,lds32,lds32,lds32,ldg32",
         "lds32,lds32,lds32,lds32,ldg32,ldg32,ldg32,ldg32", "lds32|ldg32", "lds32^ldg32",
         "lds32,sts32", "lds32|sts32", "ldg32,sts32", "ldg32|sts32",
         "cpa4,lds32", "cpa4|lds32", "cpa4^lds32",
         "lds128h,lds32,lds32,lds32", "lds128h|lds32",
         "cpa8", "cpa16", "cpa16cg", "cpa16,lds32")
WARPS = (4, 8, 32)
ITERS = 64                      # iterations of 8 ops: 512 ops a warp


def op(name, j):
    """CUDA for slot j's op."""
    off = 512 * j
    if name == "lds32":
        return f'{{float x;asm volatile("ld.shared.f32 %0,[%1+{off}];":"=f"(x):"r"(A):"memory");a[{j}]+=x;}}'
    if name == "lds128h":
        return ('{float x[4];asm volatile("ld.shared.v4.f32 {%0,%1,%2,%3},[%4+' + str(off) + '];"'
                f':"=f"(x[0]),"=f"(x[1]),"=f"(x[2]),"=f"(x[3]):"r"(H):"memory");a[{j}]+=x[0]+x[1]+x[2]+x[3];}}')
    if name == "sts32":
        return f'asm volatile("st.shared.f32 [%0+{off}],%1;"::"r"(A),"f"(a[{j}]):"memory");'
    if name == "ldg32":
        return f'{{float x;asm volatile("ld.global.ca.f32 %0,[%1+{off}];":"=f"(x):"l"(G):"memory");a[{j}]+=x;}}'
    if name == "cpa4":
        return f'asm volatile("cp.async.ca.shared.global [%0+{off + 16384}],[%1+{off}],4;"::"r"(A),"l"(G):"memory");'
    if name == "cpa8":
        return f'asm volatile("cp.async.ca.shared.global [%0+{off + 16384}],[%1+{off}],8;"::"r"(A2),"l"(G2):"memory");'
    if name in ("cpa16", "cpa16cg"):
        return (f'asm volatile("cp.async.{name[5:] or "ca"}.shared.global [%0+{off + 16384}],[%1+{off}],16;"'
                f'::"r"(A4),"l"(G4):"memory");')
    raise ValueError(name)


def loop_body(pattern):
    ops = pattern.split(",")
    body = "".join(op(ops[j % len(ops)], j) for j in range(8))
    if any(o.startswith("cpa") for o in ops):
        body += 'asm volatile("cp.async.commit_group;\\ncp.async.wait_group 1;":::"memory");'
    return body


def source(case, name="k"):
    """The kernel for one case: `a` every warp, `a|b` even warps a and odd b, `a^b` the
    block's first half a and second half b."""
    for sep, cond in (("|", "(w&1)"), ("^", "(2*w>=nw)")):
        if sep in case:
            a, b = case.split(sep)
            body = f"if{cond}{{{loop_body(b)}}}else{{{loop_body(a)}}}"
            break
    else:
        body = loop_body(case)
    return f'''extern "C" __global__ void __launch_bounds__(1024) {name}(float*o,const float*g,long long*c,long long*e,int it,int z){{
__shared__ __align__(16) float s[8192];
int t=threadIdx.x,l=t&31,w=t>>5,nw=blockDim.x>>5;for(int i=t;i<8192;i+=blockDim.x)s[i]=i;float a[8]={{0}};
unsigned S=(unsigned)__cvta_generic_to_shared(s);const float*G0=g+l;__syncthreads();long long t0=clock64();
for(int i=0;i<it;i++){{unsigned A=S+4*l+(i&z),A2=S+8*l+(i&z),A4=S+16*l+(i&z),H=S+64*(l>>4)+(i&z);
const float*G=G0+(i&z),*G2=g+2*l+(i&z),*G4=g+4*l+(i&z);{body}}}
asm volatile("cp.async.wait_all;":::"memory");
long long t1=clock64();if(!l)e[blockIdx.x*32+w]=t1-t0;
__syncthreads();if(!t){{unsigned m;asm("mov.u32 %0,%%smid;":"=r"(m));c[2*blockIdx.x]=clock64()-t0;c[2*blockIdx.x+1]=m;}}
o[blockIdx.x*blockDim.x+t]=a[0]+a[1]+a[2]+a[3]+a[4]+a[5]+a[6]+a[7];}}'''


def kernel_name(case):
    return "k_" + case.replace(",", "_").replace("|", "_or_").replace("^", "_half_")


LAUNCHES = [(case, warps) for case in CASES for warps in WARPS]
METRICS = ("gpc__cycles_elapsed.max sm__cycles_active.avg smsp__inst_executed.sum "
           "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum "
           "l1tex__data_pipe_lsu_wavefronts.sum l1tex__data_pipe_lsu_wavefronts_mem_lgds.sum "
           "l1tex__lsuin_requests.sum sm__mio_inst_issued.sum sm__mioc_inst_issued.sum "
           "l1tex__lsu_writeback_active.sum l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum").split() + [
    f"smsp__average_warps_issue_stalled_{r}_per_issue_active.ratio"
    for r in ("mio_throttle", "short_scoreboard", "long_scoreboard", "lg_throttle", "not_selected", "wait",
              "dispatch_stall", "barrier", "selected")]


def sh(cmd):
    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout


def run(reps):
    """Every launch `reps` times: per launch, the per-block and per-warp clocks of each run."""
    import cupy as cp
    import numpy as np
    o = cp.zeros(132 * 1024, cp.float32)
    g = cp.ones(8192, cp.float32)
    c = cp.zeros(264, cp.int64)
    e = cp.zeros(132 * 32, cp.int64)
    out = []
    for case, warps in LAUNCHES:
        k = cp.RawKernel(source(case), "k")
        runs = []
        for _ in range(reps):
            k((132,), (32 * warps,), (o, g, c, e, np.int32(ITERS), np.int32(0)))
            cp.cuda.Device().synchronize()
            runs.append((c.get().reshape(-1, 2), e.get().reshape(132, 32)[:, :warps]))
        out.append(runs)
    return out


def ncu():
    """Each launch once under Nsight Compute: {metric: value} per launch, in order."""
    text = sh(f"ncu --clock-control none --csv --page raw --metrics {','.join(METRICS)} "
              f"{sys.executable} {sys.argv[0]} --single")
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(ln for ln in text.splitlines() if ln[:1] == '"')))
            if r.get("ID", "").isdigit() and r.get("Kernel Name") == "k"]
    return [{m: r.get(m) for m in METRICS} for r in rows], text[-2000:]


def sass():
    """Per case, the SASS of its kernel (opcodes and operands, no encodings)."""
    out = {}
    with tempfile.TemporaryDirectory() as d:
        cu = Path(d) / "mix.cu"
        cu.write_text("\n".join(source(case, kernel_name(case)) for case in CASES))
        subprocess.run(["nvcc", "-cubin", "-arch=sm_90", "-O3", "-w", str(cu), "-o", f"{d}/mix.cubin"], check=True)
        text = sh(f"cuobjdump -sass {d}/mix.cubin")
    name = None
    for ln in text.splitlines():
        if "Function :" in ln:
            name = ln.split(":")[1].strip()
            out[name] = []
        elif name and ln.strip().startswith("/*") and "*/" in ln and ";" in ln:
            out[name].append(ln.split("*/", 1)[1].split(";")[0].strip())
    return out


def main():
    import numpy as np
    if sys.argv[1] == "--single":
        run(1)
        return
    counters, tail = ncu()
    runs = run(4)
    results = []
    for (case, warps), rs, x in zip(LAUNCHES, runs, counters or [None] * len(LAUNCHES)):
        blocks = [float(np.median(b[:, 0])) for b, _ in rs[1:]]
        ends = np.median(np.stack([w for _, w in rs[1:]]), axis=(0, 1))       # per warp of a block
        cy = float(np.median(blocks))
        results.append(dict(case=case, warps=warps, ops_per_warp=8 * ITERS,
                            sms=len(set(rs[-1][0][:, 1].tolist())), block_cycles_median=cy,
                            block_cycles_runs=blocks, ops_per_cycle_per_sm=warps * 8 * ITERS / cy,
                            warp_end_cycles_median=[float(v) for v in ends], ncu=x))
        print(case, warps, round(results[-1]["ops_per_cycle_per_sm"], 3), flush=True)
    from cupy.cuda import runtime
    record = dict(what=__doc__, device=sh("nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem "
                                          "--format=csv,noheader").strip(),
                  ncu=sh("ncu --version").strip()[-40:], nvcc=sh("nvcc --version").strip()[-60:],
                  cuda_runtime=runtime.runtimeGetVersion(),
                  date=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                  command=" ".join(sys.argv), ncu_tail=tail, results=results, sass=sass())
    Path(sys.argv[1]).write_text(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
