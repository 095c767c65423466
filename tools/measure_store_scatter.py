"""Store sectors per cycle per SM by pattern: warps store `it` times, lane l writes vec floats at word l*s (same: one block's warps share addresses); clock64 per block. Run: python3 tools/measure_store_scatter.py OUT.json"""
import datetime,json,subprocess,sys
import cupy as cp,numpy as np
S=r'''extern "C" __global__ void st(float*b,long long*c,int s,int v,int it,int same){
int l=threadIdx.x&31;long long w=same?blockIdx.x:(blockIdx.x*blockDim.x+threadIdx.x)>>5,p=32LL*s,o=w*it*p;
unsigned m;asm("mov.u32 %0,%%smid;":"=r"(m));float x=l;__syncthreads();long long t=clock64();
for(int j=0;j<it;j++){long long a=((o+j*p)&8388607)+l*s;
if(v==1)b[a]=x;else if(v==2)*(float2*)(b+a)=float2{x,x};else *(float4*)(b+a)=float4{x,x,x,x};}
__syncthreads();if(!threadIdx.x){c[2*blockIdx.x]=clock64()-t;c[2*blockIdx.x+1]=m;}}'''
k=cp.RawKernel(S,"st");b=cp.zeros(8396800,cp.float32);c=cp.zeros(264,cp.int64);R=[];T=1024;it=128
for n in 132,16:
 for s,v,same in(1,1,0),(2,2,0),(4,4,0),(2,1,0),(4,1,0),(4,2,0),(8,1,0),(8,2,0),(8,4,0),(32,1,0),(32,4,0),(64,1,0),(256,1,0),(8,1,1),(256,1,1):
  a=(b,c,np.int32(s),np.int32(v),np.int32(it),np.int32(same));m=[]
  for r in range(4):
   e=cp.cuda.Event(),cp.cuda.Event();e[0].record();k((n,),(T,),a);e[1].record();e[1].synchronize();m.append((cp.cuda.get_elapsed_time(*e),c.get().reshape(-1,2)[:n]))
  ms,h=sorted(m[1:],key=lambda q:q[0])[1];sec=len({(l*s+q)//8 for l in range(32) for q in range(v)});cy=float(np.median(h[:,0]))
  R.append(dict(blocks=n,threads=T,stores_per_warp=it,stride_words=s,vec=v,same=same,sectors_per_request=sec,lines_per_request=len({l*s//32 for l in range(32)}),bytes_per_sector=128*v//sec,sms=len(set(h[:,1].tolist())),block_cycles_median=cy,block_cycles_max=int(h[:,0].max()),event_ms=ms,sectors_per_cycle_per_sm=T//32*it*sec/cy));print(R[-1],flush=True)
q=lambda x:subprocess.run(x,shell=True,capture_output=True,text=True).stdout.strip()
json.dump(dict(what=__doc__,device=q("nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader"),cuda_runtime=cp.cuda.runtime.runtimeGetVersion(),cupy=cp.__version__,date=datetime.datetime.utcnow().isoformat(timespec="seconds")+"Z",command=" ".join(sys.argv),kernel=S,results=R),open(sys.argv[1],"w"),indent=1)
