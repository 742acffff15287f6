// The floor of the write benchmark: a hand-written Fastify route that runs the very statements Joinery's add call runs
// for its record (captured with JOINERY_SQL_LOG, replayed with prepared better-sqlite3 statements on the same database
// file, in one transaction committed as Joinery commits: WAL, synchronous=FULL) and answers the same envelope — with
// no auth, permission check, validation or operation log. The values come from the request body, as Joinery's do.
import fs from 'node:fs';
import Fastify from 'fastify';
import Database from 'better-sqlite3';

const statements = JSON.parse(fs.readFileSync(process.env.STATEMENTS, 'utf8'));
const db = new Database(process.env.DB_FILE);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const prepared = statements.map((s) => ({ stmt: db.prepare(s.sql), params: s.params }));
const write = db.transaction((title) => {
  let id;
  for (const p of prepared) {
    // The captured title is replaced by the one sent (the other values are those of the captured call).
    const params = p.params.map((v) => (v === process.env.TITLE ? title : v));
    if (p.stmt.reader) {
      const rows = p.stmt.all(...params);
      if (rows.length && 'id' in rows[0]) id = rows[0].id;
    } else p.stmt.run(...params);
  }
  return id;
});

const app = Fastify();
app.post('/add', async (request) => ({ code: 1000, message: 'success', data: { id: write(request.body.title) } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
