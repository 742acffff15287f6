import Database from 'better-sqlite3';
const db = new Database('/tmp/fts-proto.db');
db.exec(`create virtual table if not exists kw_v using fts5vocab(kw, 'row')`);
function time(label, fn) {
  let r; const ts = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); r = fn(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(40), ts[2].toFixed(1).padStart(7), 'ms', JSON.stringify(r).slice(0, 100));
}
const terms = (k) => db.prepare(`select term from kw_v where term >= ? and term < ?`).pluck().all(k, k + '\u{10FFFF}');
console.log(db.prepare('select count(*) from kw_v').pluck().get());
for (const k of ['木', '沙发', 's0', 'ss']) {
  time(`terms ${k}`, () => terms(k).length);
  const ts = terms(k);
  const q = ts.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
  time(`count ${k} (${ts.length} terms)`, () => db.prepare(`select count(*) from kw where kw match ?`).pluck().get(q));
  time(`like ${k}`, () => db.prepare(`select count(*) from t where name like ? or code like ?`).pluck().get(`%${k}%`, `%${k}%`));
}
