"""The cycle core's rules, shown by microbenchmarks with exact cycle counts:
latency of dependent chains, one issue per scheduler per cycle, pipe rates,
divergence, waves, determinism and complete warp-state accounting.

The kernels here are straight-line code run once, so on a cold instruction
cache they would be fetch-bound; `cycles` runs them with the instruction
cache warm (fetch_miss_cycles = 0), as the hardware's calibration loops run,
and tests/test_fetch.py shows the fetch rule alone."""
import math
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pytest

import simgpu
from simgpu.config import load_config
from simgpu.recipe import parse_recipe, run_recipe

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"
HEAD = ".version 8.0\n.target sm_90\n.address_size 64\n"
H100 = load_config("h100")


def kernel(body, regs=".reg .f32 %f<16>;\n.reg .b32 %r<8>;\n.reg .pred %p<4>;", shared=""):
    text = HEAD + f".visible .entry k(.param .u64 out)\n{{\n{regs}\n{shared}\n" \
                  "  mov.f32 %f1, 0f3F800000;\n  mov.f32 %f2, 0f3F800000;\n  mov.f32 %f3, 0f3F800000;\n" \
                  f"{body}\n  ret;\n}}\n"
    return simgpu.load("<timing>.ptx", text=text)


def warm(config):
    """The config with instruction fetch not modeled (a warm instruction cache)."""
    return MappingProxyType({**load_config(config), "fetch_miss_cycles": 0})


def cycles(k, grid=1, block=32, config="h100"):
    return simgpu.launch(k, grid, block, [np.zeros(1, np.float32)], config=warm(config)).stats["cycles"]


def dependent(n, op="fma.rn.f32 %f1, %f1, %f2, %f3;"):
    return "\n".join(f"  {op}" for _ in range(n))


def independent(n, op="fma.rn.f32 %f{r}, %f2, %f2, %f3;"):
    return "\n".join("  " + op.format(r=4 + k % 8) for k in range(n))


@pytest.mark.parametrize("config", ["h100", "a100"])
def test_dependent_ffma_chain_costs_the_fp32_latency_each(config):
    lat = load_config(config)["latency_fp32_cycles"]
    assert cycles(kernel(dependent(64)), config=config) - cycles(kernel(dependent(32)), config=config) == 32 * lat


def test_dependent_sfu_chain_costs_the_sfu_latency_each():
    op = "ex2.approx.f32 %f1, %f1;"
    d = cycles(kernel(dependent(40, op))) - cycles(kernel(dependent(20, op)))
    assert d == 20 * H100["latency_sfu_cycles"]


def test_a_predicate_read_as_a_guard_costs_the_guard_latency():
    """setp then an instruction guarded by its predicate: the guard waits
    latency_guard_cycles (ptxas's 13-cycle stall for sm_90); read as selp's
    source operand, the predicate is ready after the setp's ALU latency
    (a float setp's: latency_fp32_cycles), and selp, an integer-unit
    instruction (isa/instructions.toml), takes latency_int_cycles."""
    guarded = "  setp.gt.f32 %p1, %f1, %f2;\n  @%p1 add.f32 %f1, %f1, %f2;"
    selected = "  setp.gt.f32 %p1, %f1, %f2;\n  selp.f32 %f1, %f1, %f2, %p1;"
    fp32 = H100["latency_fp32_cycles"]
    d = cycles(kernel("\n".join([guarded] * 40))) - cycles(kernel("\n".join([guarded] * 20)))
    assert d == 20 * (H100["latency_guard_cycles"] + fp32)
    d = cycles(kernel("\n".join([selected] * 40))) - cycles(kernel("\n".join([selected] * 20)))
    assert d == 20 * (fp32 + H100["latency_int_cycles"])


def test_independent_ffma_from_enough_warps_issue_one_per_scheduler_per_cycle():
    """16 warps on one SM = 4 per scheduler, each with independent FMAs: every
    scheduler issues every cycle, so 64 more FMAs per warp cost 64 * 4 cycles."""
    d = cycles(kernel(independent(128)), block=512) - cycles(kernel(independent(64)), block=512)
    assert d == 64 * 16 // H100["sub_partitions"] * H100["interval_fp32_cycles"]


def test_sfu_bound_loop_runs_at_the_sfu_rate():
    """Independent ex2 from 4 warps per scheduler: one every interval_sfu cycles per scheduler."""
    op = "ex2.approx.f32 %f{r}, %f2;"
    d = cycles(kernel(independent(64, op)), block=512) - cycles(kernel(independent(32, op)), block=512)
    assert d == 32 * 16 // H100["sub_partitions"] * H100["interval_sfu_cycles"]


def branchy(uniform, k=32):
    # uniform: tid / 32 + 1 is odd for warp 0, which takes the odd side (with its bra.uni)
    cond = "shr.u32 %r2, %r1, 5;\n  add.u32 %r2, %r2, 1;" if uniform else "shr.u32 %r2, %r1, 0;\n  add.u32 %r2, %r2, 0;"
    return f"""
  mov.u32 %r1, %tid.x;
  {cond}
  and.b32 %r3, %r2, 1;
  setp.eq.u32 %p1, %r3, 0;
  @%p1 bra EVEN;
{dependent(k)}
  bra.uni JOIN;
EVEN:
{dependent(k, "fma.rn.f32 %f1, %f1, %f3, %f2;")}
JOIN:"""


def test_divergent_branch_costs_twice_a_warp_uniform_one():
    """One warp: split by tid % 2 it runs both 32-FMA chains; with a warp-uniform
    condition it runs only the odd one. The difference is the even chain: 32 * latency."""
    div = cycles(kernel(branchy(False)))
    uni = cycles(kernel(branchy(True)))
    assert div - uni == 32 * H100["latency_fp32_cycles"]
    assert div - uni == cycles(kernel(dependent(64))) - cycles(kernel(dependent(32)))


def wave_kernel():
    # 120 KB of shared memory per block: one block per SM
    body = "\n".join(["  mov.u32 %r1, sm;", "  st.shared.f32 [%r1], %f1;"] + [dependent(200)])
    return kernel(body, shared=".shared .align 4 .b8 sm[122880];")


@pytest.mark.parametrize("config", ["h100", "a100"])
def test_run_time_steps_at_multiples_of_the_sm_count(config):
    """Wave quantization: a block more than a wave costs a whole block's time;
    within a wave the only growth is the work distributor's hand-out, one
    block every block_dispatch_cycles after its head start (the last block
    of the first wave starts that late, and all blocks do the same work)."""
    cfg = load_config(config)
    sms = cfg["sm_count"]
    k = wave_kernel()
    t = {g: cycles(k, grid=g, block=128, config=config) for g in (1, sms, sms + 1, 2 * sms, 2 * sms + 1)}
    last_start = max(0, math.ceil((sms - 1) * cfg["block_dispatch_cycles"] - cfg["block_dispatch_head_start_cycles"]))
    assert t[sms] - t[1] == last_start
    block = 200 * cfg["latency_fp32_cycles"]                          # a block's 200 dependent FMAs
    assert t[sms + 1] - t[1] > block                                  # the second wave
    assert 0 <= t[2 * sms] - t[sms + 1] <= math.ceil(sms * cfg["block_dispatch_cycles"])
    assert t[2 * sms + 1] - t[sms + 1] > block                        # the third
    res = simgpu.launch(k, sms + 1, 128, [np.zeros(1, np.float32)], config=config)
    assert res.stats["waves"] == 2 and res.stats["blocks_per_sm"] == 1
    assert res.stats["occupancy_limit"] == "shared_memory"


def test_a_freed_slot_takes_its_next_block_the_turnover_later():
    """A block handed to a slot whose block ended starts `block_turnover_cycles`
    after the hand-out (programs/micro/block_clock.s: a slot stays empty about
    520-610 cycles on the H200); the first wave's blocks do not wait for it.
    One block past a wave of one block an SM: the launch is longer by exactly
    the turnover (the distributor is idle when the slot frees)."""
    k = wave_kernel()
    sms = load_config("h100")["sm_count"]

    def run(grid, turnover):
        cfg = MappingProxyType({**warm("h100"), "block_turnover_cycles": turnover})
        return simgpu.launch(k, grid, 128, [np.zeros(1, np.float32)], config=cfg).stats["cycles"]
    assert run(sms, 500) == run(sms, 0)
    assert run(sms + 1, 500) - run(sms + 1, 0) == 500
    assert run(sms + 1, 130) - run(sms + 1, 0) == 130


def test_an_sm_starts_its_first_wave_warps_past_the_first_ones_late():
    """At a kernel's start an SM starts `first_wave_warps` warps at once and the
    rest of its first blocks' warps `first_wave_late_cycles` later
    (programs/micro/block_clock.s, block_smem_clock.s: 48 of 64 on the H200).
    One SM's worth of blocks of 8 warps, each warp timing its start with %clock64:
    the first 48 start as they do with no lateness, the last 16 at the lateness."""
    text = HEAD + """.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u64 %rd1, %clock64;
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %tid.x;
  mad.lo.s32 %r3, %r1, 256, %r2;
  mul.wide.u32 %rd3, %r3, 8;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u64 [%rd4], %rd1;
  ret;
}
"""
    k = simgpu.load("<first_wave>.ptx", text=text)
    cfg = load_config("h100")
    sms = cfg["sm_count"]

    def starts(late):
        c = MappingProxyType({**warm("h100"), "first_wave_warps": 48, "first_wave_late_cycles": late,
                              "block_dispatch_head_start_cycles": 10**6})     # every block handed out by cycle 0
        out = np.zeros(8 * sms * 256, np.uint64)
        simgpu.launch(k, 8 * sms, 256, [out], config=c)
        return out.reshape(8, sms, 8, 32)[:, 0, :, 0].astype(np.int64)     # SM 0's 8 blocks (one a SM in turn)
    on_time, late = starts(0), starts(700)
    assert (late[:6] == on_time[:6]).all()                  # blocks 0-5: warps 0-47
    # blocks 6-7 (warps 48-63) from cycle 700, each of the 4 schedulers issuing one a cycle
    assert late[6:].min() == 700 and late[6:].max() < 700 + 16


def test_same_launch_gives_identical_cycles_and_counters():
    recipe = parse_recipe(PROGRAMS / "matmul_tiled.s")
    a = run_recipe(recipe, {"n": "64"}).results[0].stats
    b = run_recipe(recipe, {"n": "64"}).results[0].stats
    for key in ("cycles", "warp_instructions", "stall_cycles", "achieved_occupancy", "ipc"):
        assert a[key] == b[key]
    assert np.array_equal(a["stall_cycles_by_pc"], b["stall_cycles_by_pc"])


@pytest.mark.parametrize("name", ["matmul_tiled", "divergence", "vector_add"])
def test_every_resident_warp_cycle_has_exactly_one_state(name):
    for res in run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), {"n": "64"} if "matmul" in name else
                          {"n": "2048"}).results:
        s = res.stats
        assert sum(s["stall_cycles"].values()) == s["warp_cycles"]
        assert s["stall_cycles_by_pc"].sum() == s["warp_cycles"]
        assert s["stall_cycles"]["selected"] == s["warp_instructions"]
        per_pc_selected = s["stall_cycles_by_pc"][:, 0]
        assert np.array_equal(per_pc_selected, res.per_pc)


def test_barrier_stalls_are_counted_as_barrier():
    recipe = parse_recipe(PROGRAMS / "matmul_tiled.s")
    s = run_recipe(recipe, {"n": "64"}).results[0].stats
    assert s["stall_cycles"]["barrier"] > 0
    assert s["stall_cycles"]["long_scoreboard"] > 0       # global loads feed the tiles
    assert s["stall_cycles"]["short_scoreboard"] > 0      # shared loads feed the FMAs


@pytest.mark.parametrize("policy", ["gto", "lrr", "age"])
def test_both_scheduler_policies_run_and_agree_on_results(policy, tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'base = "h100"\nscheduler_policy = "{policy}"\n')
    run = run_recipe(parse_recipe(PROGRAMS / "matmul_tiled.s"), {"n": "64"}, config=str(cfg))
    assert run.checks[0].passed
    assert run.results[0].stats["cycles"] > 0


def test_warps_competing_for_a_scheduler_wait_as_not_selected():
    a = simgpu.launch(kernel(independent(64)), 1, 512, [np.zeros(1, np.float32)]).stats
    assert a["stall_cycles"]["not_selected"] > 0          # 4 warps per scheduler compete


def test_timing_and_functional_engines_compute_the_same_results():
    recipe = parse_recipe(PROGRAMS / "matmul_registers.s")
    timed = run_recipe(recipe, {"n": "64"})
    func = run_recipe(recipe, {"n": "64"}, timing=False)
    assert np.array_equal(timed.buffers["C"], func.buffers["C"])
    assert timed.results[0].stats["warp_instructions"] == func.results[0].stats["warp_instructions"]


@pytest.mark.slow
def test_apple_m4_keeps_the_seed_ladder_order():
    """Seed 000 measured on an M4 at n = 512: naive 237 < tiled 518 <= tiled32 561 < registers
    1325 GFLOP/s. The apple-m4 config must keep that order, the kernels compiled as Metal's
    compiler is assumed to (lower="metal", as `simgpu compare --config apple-m4` runs them;
    as written, tiled and tiled32 tie within 0.4%). A slow test: about a minute."""
    n = 512
    gflops = {}
    for name in ("matmul_naive", "matmul_tiled", "matmul_tiled32", "matmul_registers"):
        s = run_recipe(parse_recipe(PROGRAMS / f"{name}.s"), {"n": str(n)}, config="apple-m4",
                       lower="metal").results[0].stats
        gflops[name] = 2 * n ** 3 / (s["time_us"] * 1e-6) / 1e9
    assert gflops["matmul_naive"] < gflops["matmul_tiled"] <= gflops["matmul_tiled32"] < gflops["matmul_registers"], gflops


def fenced(scope, rounds=8):
    """One lane-per-word store of a line, a fence of the scope, `rounds` times;
    then the same line read twice with a fence of the scope between."""
    body = "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd1, %rd1;\n" \
           "  mov.u32 %r1, %tid.x;\n  mul.wide.u32 %rd2, %r1, 4;\n  add.u64 %rd1, %rd1, %rd2;\n"
    body += "".join(f"  st.global.f32 [%rd1], %f1;\n  membar.{scope};\n" for _ in range(rounds))
    body += f"  ld.global.f32 %f4, [%rd1+128];\n  membar.{scope};\n  ld.global.f32 %f5, [%rd1+128];\n" \
            "  add.f32 %f6, %f4, %f5;\n  st.global.f32 [%rd1+256], %f6;"
    return kernel(body, regs=".reg .f32 %f<16>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;")


def test_a_gpu_scope_fence_waits_for_the_warps_stores_and_empties_the_l1():
    """membar.gl (ptxas: MEMBAR.SC.GPU ... CCTL.IVALL) holds its warp, in
    `membar`, latency_membar_gpu_cycles after the warp's last store left the
    SM (measured: programs/micro/rmw_scale.s b_rfn, 419 cycles an iteration
    on the H200), and drops the SM's L1, so a line read before it is read
    from the L2 again; membar.cta does neither."""
    h200 = MappingProxyType({**load_config("h200"), "fetch_miss_cycles": 0})
    lat = h200["latency_membar_gpu_cycles"]

    def run(scope, rounds):
        return simgpu.launch(fenced(scope, rounds), 1, 32, [np.zeros(128, np.float32)], config=h200).stats
    gl2, gl8, cta2, cta8 = run("gl", 2), run("gl", 8), run("cta", 2), run("cta", 8)
    assert 9 * lat <= gl8["stall_cycles"]["membar"] <= 9 * (lat + 4)       # 8 store fences and the loads' one
    assert 6 * lat <= gl8["cycles"] - gl2["cycles"] <= 6 * (lat + 10)       # each store + fence in turn
    assert cta8["stall_cycles"]["membar"] == 0 and cta8["cycles"] == cta2["cycles"]
    assert (cta8["l1_hit_rate"], gl8["l1_hit_rate"]) == (0.5, 0.0)        # the second read: a hit, or not after the fence


def block_ends(policy, blocks=8, fmas=256):
    """Each warp of `blocks` blocks of 4 warps (one a scheduler) on one SM issues `fmas`
    independent FMAs, always ready, then stores %clock64: each block's last warp's end."""
    body = independent(fmas) + """
  mov.u64 %rd2, %clock64;
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %tid.x;
  shr.u32 %r2, %r2, 5;
  mad.lo.u32 %r1, %r1, 4, %r2;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd3, %r1, 8;
  add.u64 %rd1, %rd1, %rd3;
  st.global.u64 [%rd1], %rd2;"""
    k = kernel(body, regs=".reg .f32 %f<16>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;")
    cfg = MappingProxyType({**load_config("h200"), "fetch_miss_cycles": 0, "sm_count": 1,
                            "scheduler_policy": policy})
    out = np.zeros(blocks * 4, np.uint64)
    simgpu.launch(k, blocks, 128, [out], config=cfg)
    return out.reshape(blocks, 4).max(1).astype(np.int64)


def test_the_oldest_block_issues_first_and_blocks_end_in_order():
    """programs/micro/issue_age.s on the H200: warps of 16 blocks an SM, always ready to
    issue, end in the order of their blocks' indices (tools/issue_age_figures.py); the
    `age` policy issues the eligible warp of the block of least index, so each block ends
    after the one before it by about its own issue time, where round-robin (`lrr`) ends
    them together."""
    age, lrr = block_ends("age"), block_ends("lrr")
    assert np.all(np.diff(age) >= 200)                    # 256 FMAs a warp: each block waits for the older
    assert lrr.max() - lrr.min() < 100                     # every warp in turn: they end together
    assert age.max() == pytest.approx(lrr.max(), rel=0.05)  # the same work: the last ends as late
