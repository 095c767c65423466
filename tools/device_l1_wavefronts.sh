# The L1's data-stage wavefronts of global loads, on the H200 (run through the `device` tool from the
# repository root; $OUT the folder that comes back): programs/micro/ldg_banks.s recorded twice by the
# harness (micro_ldg_banks.json, _r2; its SASS), and ldg_banks.s and ragged_rows.s once more under ncu
# with every l1tex data-stage, tag-output and L2-return metric the chip has for the LSU pipe
# (l1_wavefronts_*.csv: ncu --csv --page raw; l1_metrics.txt lists them; ncu_metrics_gh100.txt is
# ncu --query-metrics). Made on 2026-12-01; the records are under traces/h200/micro/.
source tools/device_python.sh device_l1_wavefronts.sh
ncu --query-metrics --chip gh100 > $OUT/ncu_metrics_gh100.txt 2>&1
M=$(grep -oE "^l1tex__(data_pipe_lsu_wavefronts|data_bank_conflicts_pipe_lsu|t_output_wavefronts_pipe_lsu|m_xbar2l1tex_read_sectors|m_l1tex2xbar_req)[a-z0-9_]*" $OUT/ncu_metrics_gh100.txt | grep -v shared | sort -u | sed 's/$/.sum/' | paste -sd, -)
echo "$M" > $OUT/l1_metrics.txt
for r in "" _r2; do "$PYTHON" -u tools/crosscheck_cuda.py --ncu --out $OUT/micro_ldg_banks$r.json programs/micro/ldg_banks.s 2>&1 | tail -3; done
ptxas -arch=sm_90 -O3 programs/micro/ldg_banks.s -o /tmp/x.cubin && cuobjdump -sass /tmp/x.cubin > $OUT/micro_ldg_banks.sass
for p in ldg_banks ragged_rows; do
    ncu --clock-control none --csv --page raw --metrics gpc__cycles_elapsed.max,$M "$PYTHON" -m simgpu.crosscheck --single programs/micro/$p.s > $OUT/l1_wavefronts_$p.csv 2> $OUT/l1_wavefronts_$p.err
done
ls -la $OUT
