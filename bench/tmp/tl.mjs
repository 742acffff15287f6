import { chromium } from 'playwright-core';
const base='http://127.0.0.1:8431';
const login=(await (await fetch(base+'/admin/base/open/login',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({username:'admin',password:'123456'})})).json()).data;
for (let i=1;i<=30;i++) await fetch(base+'/admin/base/sys/user/add',{method:'POST',headers:{'content-type':'application/json',authorization:login.token},body:JSON.stringify({username:'staff'+i,password:'Staff-pass-'+i,name:'Staff '+i,status:1,departmentId:1,roleIdList:[]})});
const b=await chromium.launch({executablePath:'/usr/bin/chromium',args:['--headless','--no-sandbox','--disable-gpu']});
for (let run=0; run<3; run++) {
const ctx=await b.newContext({viewport:{width:1360,height:820}});
const now=Date.now();
await ctx.addInitScript(s=>{localStorage.setItem('joinery.session',s); window.__lt=[]; new PerformanceObserver(l=>{for(const e of l.getEntries()) window.__lt.push([Math.round(e.startTime),Math.round(e.duration)])}).observe({type:'longtask',buffered:true});}, JSON.stringify({token:login.token,refreshToken:login.refreshToken,expire:now+login.expire*1000,refreshExpire:now+login.refreshExpire*1000}));
const page=await ctx.newPage();
await page.goto(base+'/sys/user',{waitUntil:'commit'});
await page.locator('[data-testid="entity-table"] tbody tr[data-row-id]').first().waitFor();
const r=await page.evaluate(()=>({now:Math.round(performance.now()), dom: Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd), lt: window.__lt, res: performance.getEntriesByType('resource').map(e=>[Math.round(e.startTime),Math.round(e.responseEnd),e.name.replace(location.origin,'')])}));
if (run===2) { console.log('first row', r.now, 'dom', r.dom, 'longtasks', JSON.stringify(r.lt)); for (const x of r.res) console.log(x.join(' ')); }
await ctx.close();
}
await b.close();
