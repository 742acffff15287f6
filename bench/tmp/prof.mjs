import { chromium } from 'playwright-core';
import fs from 'node:fs';
const base='http://127.0.0.1:8431';
const login=(await (await fetch(base+'/admin/base/open/login',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({username:'admin',password:'123456'})})).json()).data;
for (let i=1;i<=30;i++) await fetch(base+'/admin/base/sys/user/add',{method:'POST',headers:{'content-type':'application/json',authorization:login.token},body:JSON.stringify({username:'staff'+i,password:'Staff-pass-'+i,name:'Staff '+i,status:1,departmentId:1,roleIdList:[]})});
const b=await chromium.launch({executablePath:'/usr/bin/chromium',args:['--headless','--no-sandbox','--disable-gpu']});
const agg=new Map(); let total=0;
for (let run=0; run<4; run++) {
const ctx=await b.newContext({viewport:{width:1360,height:820}});
const now=Date.now();
await ctx.addInitScript(s=>{localStorage.setItem('joinery.session',s)}, JSON.stringify({token:login.token,refreshToken:login.refreshToken,expire:now+login.expire*1000,refreshExpire:now+login.refreshExpire*1000}));
const page=await ctx.newPage();
const cdp=await ctx.newCDPSession(page);
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval',{interval:200}); await cdp.send('Profiler.start');
await page.goto(base+'/sys/user',{waitUntil:'commit'});
await page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first().waitFor();
const {profile}=await cdp.send('Profiler.stop');
if (run===0) { await ctx.close(); continue; }
const byId=new Map(profile.nodes.map(n=>[n.id,n]));
const dt=profile.timeDeltas; const counts=new Map();
profile.samples.forEach((s,i)=>counts.set(s,(counts.get(s)||0)+(dt[i]||0)));
for (const [id,us] of counts) { const n=byId.get(id); const cf=n.callFrame; const key=(cf.functionName||'(anon)')+' '+(cf.url.split('/').pop())+':'+cf.lineNumber; agg.set(key,(agg.get(key)||0)+us); total+=us; }
await ctx.close();
}
console.log('total ms/run', (total/3/1000).toFixed(0));
for (const [k,v] of [...agg].sort((a,b)=>b[1]-a[1]).slice(0,45)) console.log((v/3/1000).toFixed(1), k);
await b.close();
