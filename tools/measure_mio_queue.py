"""The SM's MIO instruction queue on the H200: how many shared-memory and barrier instructions a scheduler holds before its warps stall in `mio_throttle`. One block per SM (132), k warps on each of nsp schedulers (warp w on scheduler w % 4; the others exit at once): `sts32`/`sts128` pass B independent STS (lane l at 4l or 16l, 512 bytes apart), then an LDS of a word they may have written (offset by z = 0 given at run time: ptxas keeps it last and cannot forward) and its use, so each burst starts on drained queues; `bar`: 8 bar.sync a pass. Each launch once under Nsight Compute (warp states per issue, instructions, MIO instructions, shared wavefronts, cycles). The record has each kernel's SASS (ptxas -arch=sm_90 there: the cubin that ran; cuobjdump -sass) and that of tools/measure_mio.py's kernels (nvcc -cubin -arch=sm_90 -O3 of its CUDA source; its record ran NVRTC's build). Run: python3 tools/measure_mio_queue.py OUT.json"""
import csv, io, json, os, subprocess, sys, tempfile
from pathlib import Path
ROOT = Path(__file__).resolve().parents[1]
# (kind, B, warps per scheduler k, schedulers nsp)
CASES = ([('sts32', 64, k, 1) for k in (1, 2, 4, 8)] + [('sts128', b, k, n) for k, n in ((2, 1), (1, 4)) for b in (8, 16, 32, 64, 128)]
         + [('bar', 0, k, 4) for k in range(1, 9)])


def kernel(kind, B=0):
    """PTX of k(out, iters, z, nsp): `iters` passes of a burst (module doc)."""
    if kind == 'bar':
        body = 'bar.sync 0;\n' * 8
    else:
        v = '.v4.f32' if kind == 'sts128' else '.f32'
        src = '{%f1,%f2,%f3,%f4}' if kind == 'sts128' else '%f1'
        body = ''.join(f'st.shared{v} [%r4+{512 * (j % 32)}],{src};\n' for j in range(B))
        body += f'ld.shared.f32 %f5,[%r10+{512 * ((B - 1) % 32)}];\nadd.f32 %f6,%f6,%f5;\n'
    return f""".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p0,.param .u32 p1,.param .u32 p2,.param .u32 p3)
{{
.reg .pred %p<3>;.reg .b32 %r<12>;.reg .f32 %f<8>;.reg .b64 %rd<4>;
.shared .align 16 .b8 s[16384];
ld.param.u64 %rd1,[p0];ld.param.u32 %r1,[p1];ld.param.u32 %r11,[p2];ld.param.u32 %r9,[p3];
mov.u32 %r2,%tid.x;shr.u32 %r3,%r2,5;and.b32 %r3,%r3,3;setp.ge.u32 %p2,%r3,%r9;@%p2 bra E;
and.b32 %r3,%r2,31;shl.b32 %r3,%r3,{4 if kind == 'sts128' else 2};mov.u32 %r4,s;add.s32 %r4,%r4,%r3;add.s32 %r10,%r4,%r11;
cvt.rn.f32.u32 %f1,%r2;add.f32 %f2,%f1,0f3F800000;add.f32 %f3,%f1,0f40000000;add.f32 %f4,%f1,0f40400000;mov.f32 %f6,0f00000000;
mov.u32 %r5,0;
L:
.pragma "nounroll";
{body}add.s32 %r5,%r5,1;setp.lt.u32 %p1,%r5,%r1;@%p1 bra L;
mov.u32 %r6,%ctaid.x;mov.u32 %r7,%ntid.x;mad.lo.s32 %r8,%r6,%r7,%r2;cvta.to.global.u64 %rd2,%rd1;mul.wide.u32 %rd3,%r8,4;add.s64 %rd2,%rd2,%rd3;st.global.f32 [%rd2],%f6;
E:
ret;
}}
"""


def iters(kind, B):
    return 64 if kind == 'bar' else max(8, 2048 // B)


def sass(cubin):
    """[text, control bits 105-127: stall count in bits 0-3, yield, barriers] per SASS instruction."""
    out, rows = subprocess.run(['cuobjdump', '-sass', cubin], capture_output=True, text=True).stdout.splitlines(), []
    for a, b in zip(out, out[1:]):
        if '/*' in a and ';' in a and a.strip().startswith('/*') and b.strip().startswith('/*'):
            rows.append([a.split('*/', 1)[1].split(';')[0].strip(), int(b.split('/*')[1].split('*/')[0], 16) >> 41])
    return rows


def build(d):
    cub = {}
    for kind, B, k, n in CASES:
        if (kind, B) not in cub:
            p = f'{d}/{kind}_{B}'
            Path(p + '.ptx').write_text(kernel(kind, B))
            subprocess.run(['ptxas', '-arch=sm_90', '-O3', p + '.ptx', '-o', p + '.cubin'], check=True)
            cub[kind, B] = p + '.cubin'
    return cub


def single(d):
    import cupy as cp
    o = cp.zeros(132 * 1024, cp.float32)
    for kind, B, k, n in CASES:
        f = cp.RawModule(path=f'{d}/{kind}_{B}.cubin').get_function('k')
        f((132,), (128 * k,), (o, cp.uint32(iters(kind, B)), cp.uint32(0), cp.uint32(n)))
        cp.cuda.Device().synchronize()


def main(out):
    sys.path.insert(0, str(ROOT))
    from simgpu.crosscheck import STALL_METRICS, tool_provenance
    d = tempfile.mkdtemp()
    cub = build(d)
    M = STALL_METRICS + ['smsp__inst_executed.sum', 'sm__cycles_active.avg', 'gpc__cycles_elapsed.max', 'sm__mio_inst_issued.sum',
                         'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum', 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum']
    r = subprocess.run(['ncu', '--clock-control', 'none', '--csv', '--page', 'raw', '--metrics', ','.join(M), sys.executable,
                        __file__, '--single', d], capture_output=True, text=True)
    rows = [x for x in csv.DictReader(io.StringIO('\n'.join(ln for ln in r.stdout.splitlines() if ln[:1] == '"')))
            if x.get('ID', '').isdigit() and x.get('Kernel Name') == 'k']
    res = [dict(kind=kind, B=B, warps_per_scheduler=k, schedulers=n, iters=iters(kind, B),
                ncu={m: x.get(m) for m in M}) for (kind, B, k, n), x in zip(CASES, rows)]
    old = {}
    try:                # tools/measure_mio.py's kernels
        g = {}
        exec(Path(ROOT / 'tools' / 'measure_mio.py').read_text().split('def run(')[0], g)
        for s in ('lds32', 'lds64', 'lds128', 'lds128b', 'sts32', 'sts128', 'bar', 'lds32/ldg32', 'lds128b/lds32'):
            p = f"{d}/old_{s.replace('/', '_')}"
            Path(p + '.cu').write_text(g['src'](s))
            subprocess.run(['nvcc', '-cubin', '-arch=sm_90', '-O3', p + '.cu', '-o', p + '.cubin'], check=True, capture_output=True)
            old[s] = sass(p + '.cubin')
    except Exception as e:
        old['error'] = repr(e)
    rec = dict(what=__doc__, **tool_provenance(' '.join(sys.argv)), ncu_tail=(r.stderr + r.stdout)[-1500:],
               ptxas=subprocess.run(['ptxas', '--version'], capture_output=True, text=True).stdout.strip().splitlines()[-1],
               results=res, sass={f'{kind}_{B}': sass(c) for (kind, B), c in cub.items()}, sass_measure_mio=old)
    Path(out).write_text(json.dumps(rec, indent=1))
    print(len(res), 'of', len(CASES), r.stderr[-500:])


if __name__ == '__main__':
    single(sys.argv[2]) if sys.argv[1] == '--single' else main(sys.argv[1])
