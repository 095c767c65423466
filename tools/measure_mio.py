"""The SM's shared-memory (MIO) path by access shape: one block per SM (132), each warp issues it x 8 independent shared loads or stores of one shape (inline PTX, 8 per iteration 512 bytes apart, the address offset by i&z with z=0 given at run time so that ptxas cannot hoist loads out of the loop; every loaded word feeds one FADD or FFMA), clock64 per block around the loop (median over blocks, then over 3 runs after one warm-up); then each launch once under Nsight Compute: wavefronts, the MIO, LSU-in and writeback counters (names from ncu --query-metrics --chip gh100), warp states. a/b: even warps a, odd warps b. ldg: L1-resident global loads; bar: bar.sync 0. Run: python3 tools/measure_mio.py OUT.json"""
import csv,datetime,io,json,subprocess,sys
import cupy as cp,numpy as np
# shape: (instruction, floats per lane, word lane l reads)
V={'lds32':('ld.shared',1,'l'),'lds32b':('ld.shared',1,'0'),'lds64':('ld.shared',2,'2*l'),'lds64b':('ld.shared',2,'0'),
'lds128':('ld.shared',4,'4*l'),'lds128b':('ld.shared',4,'0'),'lds128h':('ld.shared',4,'16*(l>>4)'),'lds128q':('ld.shared',4,'4*(l&15)'),
'sts32':('st.shared',1,'l'),'sts128':('st.shared',4,'4*l'),'ldg32':('ld.global.ca',1,'l'),'ldg128':('ld.global.ca',4,'4*l'),'bar':('bar.sync',0,'0')}
def body(n,j):
 p,v,_=V[n];t=f'.v{v}.f32'if v>1 else'.f32';g=lambda s:'{'+','.join(f'%{s+k}'for k in range(v))+'}'if v>1 else f'%{s}'
 if v<1:return'asm volatile("bar.sync 0;":::"memory");'
 if p[0]=='s':return f'asm volatile("{p}{t} [%0+{512*j}],{g(1)};"::"r"(A)'+',"f"(a[0])'*v+':"memory");'
 return'{float x[4];asm volatile("%s%s %s,[%%%d+%d];":%s:%s);a[%d]=%s;}'%(p,t,g(0),v,512*j,','.join(f'"=f"(x[{k}])'for k in range(v)),'"l"(G)'if p[3]=='g'else'"r"(A)',j,['','x[0]+a[%d]','fmaf(x[0],x[1],a[%d])','','fmaf(x[2],x[3],fmaf(x[0],x[1],a[%d]))'][v]%j)
def src(s):
 x=s.split('/');b=lambda n:''.join(body(n,j)for j in range(8));w=V[x[0]][2]if len(x)<2 else f'(w&1?{V[x[1]][2]}:{V[x[0]][2]})'
 L=b(x[0])if len(x)<2 else f'if(w&1){{{b(x[1])}}}else{{{b(x[0])}}}'
 return f'''extern "C" __global__ void __launch_bounds__(1024) k(float*o,const float*g,long long*c,int it,int z){{__shared__ __align__(16) float s[8192];
int t=threadIdx.x,l=t&31,w=t>>5;for(int i=t;i<8192;i+=blockDim.x)s[i]=i;float a[8]={{0}};
unsigned A0=(unsigned)__cvta_generic_to_shared(s)+4*({w});const float*G0=g+({w});__syncthreads();long long t0=clock64();
for(int i=0;i<it;i++){{unsigned A=A0+(i&z);const float*G=G0+(i&z);{L}}}
__syncthreads();if(!t){{unsigned m;asm("mov.u32 %0,%%smid;":"=r"(m));c[2*blockIdx.x]=clock64()-t0;c[2*blockIdx.x+1]=m;}}
o[blockIdx.x*blockDim.x+t]=a[0]+a[1]+a[2]+a[3]+a[4]+a[5]+a[6]+a[7];}}'''
C=[(s,T)for s in('lds32','lds32b','lds64','lds64b','lds128','lds128b','lds128h','lds128q','sts32','sts128','ldg32','ldg128','lds32/ldg32','lds128b/lds32','bar')for T in(1024,256,128)]
def run(reps):
 o=cp.zeros(132*1024,cp.float32);g=cp.ones(8192,cp.float32);c=cp.zeros(264,cp.int64);R=[];it=64
 for s,T in C:
  k=cp.RawKernel(src(s),'k');m=[]
  for r in range(reps):k((132,),(T,),(o,g,c,np.int32(it),np.int32(0)));cp.cuda.Device().synchronize();m.append(c.get().reshape(-1,2))
  if reps>1:cy=float(np.median([np.median(h[:,0])for h in m[1:]]));R.append(dict(shape=s,warps=T//32,ops_per_warp=8*it,sms=len(set(m[-1][:,1].tolist())),block_cycles_median=cy,ops_per_cycle_per_sm=T//32*8*it/cy));print(R[-1],flush=True)
 return R
if sys.argv[1]=='--single':run(1);sys.exit()
q=lambda x:subprocess.run(x,shell=True,capture_output=True,text=True).stdout
M='gpc__cycles_elapsed.max sm__cycles_active.avg smsp__inst_executed.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum'.split()+[f'smsp__average_warps_issue_stalled_{r}_per_issue_active.ratio'for r in('mio_throttle','short_scoreboard','long_scoreboard','lg_throttle','not_selected','wait','dispatch_stall','barrier')]
B=len(M);M+=[f'{m}.sum'for m in'l1tex__data_pipe_lsu_wavefronts l1tex__data_pipe_lsu_wavefronts_mem_lgds l1tex__lsu_writeback_active l1tex__lsu_writeback_active_mem_shared l1tex__lsu_writeback_active_mem_lgds l1tex__lsuin_requests sm__mio2rf_writeback_active sm__mio_inst_issued sm__mioc_inst_issued sm__mio_pq_read_cycles_active sm__mio_pq_write_cycles_active'.split()]
def ncu(M):
 out=q(f'ncu --clock-control none --csv --page raw --metrics {",".join(M)} {sys.executable} {sys.argv[0]} --single')
 return[{m:r.get(m)for m in M}for r in csv.DictReader(io.StringIO('\n'.join(ln for ln in out.splitlines()if ln[:1]=='"')))if r.get('ID','').isdigit()and r.get('Kernel Name')=='k'],out[-2000:]
N,e=ncu(M)
if not N:N,e=ncu(M[:B])
R=run(4)
for r,x in zip(R,N):r['ncu']=x
json.dump(dict(what=__doc__,device=q('nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader').strip(),ncu=q('ncu --version').strip()[-40:],cuda_runtime=cp.cuda.runtime.runtimeGetVersion(),cupy=cp.__version__,date=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds'),command=' '.join(sys.argv),ncu_tail=e,kernel=src('lds128b/lds32'),results=R),open(sys.argv[1],'w'),indent=1)
