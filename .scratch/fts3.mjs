import Database from 'better-sqlite3';
const db = new Database('/tmp/fts-proto.db');
function time(label, fn) {
  let r; const ts = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); r = fn(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(40), ts[2].toFixed(1).padStart(7), 'ms', JSON.stringify(r).slice(0, 100));
}
for (const k of ['s', 'sk', '木']) {
  time(`terms ${k}`, () => db.prepare(`select term from kw_v where term >= ? and term <= ?`).pluck().all(k, k + '\u{10FFFF}\u{10FFFF}').length);
  time(`terms+doc ${k}`, () => db.prepare(`select term, doc from kw_v where term >= ? and term <= ?`).all(k, k + '\u{10FFFF}\u{10FFFF}').map(r=>r.doc).reduce((a,b)=>a+b,0));
  time(`like ${k}`, () => db.prepare(`select count(*) from t where name like ? or code like ?`).pluck().get(`%${k}%`, `%${k}%`));
}
