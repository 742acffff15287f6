import Database from 'better-sqlite3';
import fs from 'node:fs';
import { product } from '../bench/lib/products.mjs';
const f = '/tmp/fts-proto.db';
const fresh = !fs.existsSync(f);
const db = new Database(f);
db.pragma('journal_mode = WAL');
const S = '\u0001';
if (fresh) {
  db.exec(`create table t (id integer primary key, name text, code text)`);
  db.exec(`create virtual table kw using fts5(name, code, content='', contentless_delete=1, tokenize='trigram case_sensitive 1', prefix='1 2')`);
  db.exec(`create virtual table kwx using fts5(name, code, content='t', content_rowid='id', tokenize='trigram')`);
  const ins = db.prepare('insert into t (name, code) values (?, ?)');
  const t0 = Date.now();
  db.transaction(() => { for (let i = 0; i < 1_000_000; i++) { const p = product(i); ins.run(p.name, p.code); } })();
  console.log('fill', Date.now() - t0);
  let t1 = Date.now();
  db.exec(`insert into kw(rowid, name, code) select id, lower(name) || char(1), lower(code) || char(1) from t`);
  console.log('kw', Date.now() - t1); t1 = Date.now();
  db.exec(`insert into kwx(kwx) values('rebuild')`);
  console.log('kwx', Date.now() - t1);
}
function time(label, sqlText, ...args) {
  const st = db.prepare(sqlText);
  let r; const ts = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); r = st.all(...args); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(40), ts[2].toFixed(1).padStart(7), 'ms', JSON.stringify(r).slice(0, 80));
}
time('like count Classic', `select count(*) n from t where name like '%Classic%' or code like '%Classic%'`);
time('fts count classic', `select count(*) n from kw where kw match '"classic"'`);
time('fts count s042x', `select count(*) n from kw where kw match '"s042x"'`);
time('like count S042X', `select count(*) n from t where name like '%S042X%' or code like '%S042X%'`);
time('like count 木', `select count(*) n from t where name like '%木%' or code like '%木%'`);
time('fts prefix 木', `select count(*) n from kw where kw match '"木"*'`);
time('like count 沙发', `select count(*) n from t where name like '%沙发%' or code like '%沙发%'`);
time('fts prefix 沙发', `select count(*) n from kw where kw match '"沙发"*'`);
time('fts page s042x', `select * from t where id in (select rowid from kw where kw match '"s042x"') order by id desc limit 20`);
time('fts page classic', `select id from t where id in (select rowid from kw where kw match '"classic"') order by id desc limit 20`);
time('fts page classic rowid', `select rowid from kw where kw match '"classic"' order by rowid desc limit 20`);
time('count classic via IN', `select count(*) from t where id in (select rowid from kw where kw match '"classic"')`);
