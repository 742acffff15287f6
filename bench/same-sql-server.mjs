// The honest floor of the page benchmark: a hand-written Fastify route that runs the very statements Joinery's page
// call runs (captured with JOINERY_SQL_LOG, replayed with prepared better-sqlite3 statements on the same database
// file), decodes JSON columns and answers the same envelope — with no auth, permission check or operation log.
import fs from 'node:fs';
import Fastify from 'fastify';
import Database from 'better-sqlite3';

const statements = JSON.parse(fs.readFileSync(process.env.STATEMENTS, 'utf8'));
const db = new Database(process.env.DB_FILE, { readonly: true });
db.pragma('busy_timeout = 5000');
const prepared = statements.map((s) => ({
  stmt: db.prepare(s.sql),
  params: s.params,
  reads: /^\s*select/i.test(s.sql),
}));
const decode = (row) => {
  for (const k of Object.keys(row)) {
    const v = row[k];
    if (typeof v === 'string' && (v[0] === '[' || v[0] === '{')) {
      try {
        row[k] = JSON.parse(v);
      } catch {
        /* text that only looks like JSON */
      }
    }
  }
  return row;
};

const app = Fastify();
app.post('/page', async () => {
  let list = [];
  let total = 0;
  for (const p of prepared) {
    if (p.stmt.reader) {
      const rows = p.stmt.all(...p.params);
      if (rows.length && 'id' in rows[0]) list = rows.map(decode);
      else if (rows.length) total = Number(Object.values(rows[0])[0]);
    } else p.stmt.run(...p.params);
  }
  return {
    code: 1000,
    message: 'success',
    data: { list, pagination: { page: 1, size: 20, total: Math.max(total, list.length) } },
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
