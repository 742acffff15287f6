// Run by sqlite-connections.test.ts in a process of its own (node --import tsx): a database with the operation log on
// its thread, a batch written, one more sent, then closed with nothing else left to do, as a server shutting down.
// Prints the log's row count after the close; the process must end by itself, with code 0.
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../../core/db/database.js';

const file = process.argv[2];
const database = await openDatabase(`sqlite:${file}`);
await sql`create table l (id integer primary key autoincrement, x text not null)`.execute(database.db);
await database.writeLog([['insert into l (x) values (?)', ['first']]]);
void database.writeLog([['insert into l (x) values (?)', ['last']]]);
await database.close();
const check = new Database(file, { readonly: true });
console.log(JSON.stringify({ rows: (check.prepare('select count(*) as c from l').get() as { c: number }).c }));
check.close();
