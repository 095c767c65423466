# The L1 data stage's wavefronts of every program's global loads, on the H200 (run through the `device`
# tool from the repository root; $OUT the folder that comes back): each program of programs/ and
# programs/holdout/ at its recipe's default sizes under ncu, one CSV each (ncu --csv --page raw), packed as $OUT/gld_wavefronts.tar.gz, with the
# loads' requests and sectors to match them to simgpu's and the kernel's cycles. Collected to compare
# simgpu's count (`gld_wavefronts`, memory/banks.py's rule for the L1's data stage) with Nsight's on kernels
# no rule was fitted to; tools/gld_wavefront_figures.py reads them.
source tools/device_python.sh device_gld_wavefronts.sh
M=gpc__cycles_elapsed.max,smsp__inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_lgds_cmd_read.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_gds_op_ld.sum,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sector_hit_rate.pct
D=$(mktemp -d)/gld_wavefronts; mkdir -p $D
for p in programs/*.s programs/holdout/*.ptx; do
    n=$(basename $p); n=${n%.*}
    ncu --clock-control none --csv --page raw --metrics $M "$PYTHON" -m simgpu.crosscheck --single $p > $D/$n.csv 2> $D/$n.err
    echo "$p $(grep -c '^"' $D/$n.csv)"
done
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader > $D/device.txt
ncu --version >> $D/device.txt; date -u >> $D/device.txt
tar -C $(dirname $D) -czf $OUT/gld_wavefronts.tar.gz gld_wavefronts     # one file: the device tool brings back a few
