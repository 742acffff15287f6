// A database of its own for one benchmark run: a SQLite file in a fresh folder, or a new PostgreSQL / MySQL database
// on the local server (BENCH_PG_URL, BENCH_MYSQL_URL), dropped again by drop().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import mysql from 'mysql2/promise';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** { dataDir, url, drop } for a dialect; `tag` names the database (joinery_<tag>_<pid>). */
export async function tempDatabase(dialect, tag) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `joinery-${tag}-`));
  const name = `joinery_${tag}_${process.pid}`;
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return {
      dataDir,
      url: PG_URL.replace(/\/[^/]*$/, `/${name}`),
      drop: async () => {
        const a = new pg.Client({ connectionString: PG_URL });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
        removeDir();
      },
    };
  }
  if (dialect === 'mysql') {
    const admin = await mysql.createConnection({ uri: MYSQL_URL });
    await admin.query(`create database ${name} character set utf8mb4`);
    await admin.end();
    return {
      dataDir,
      url: MYSQL_URL.replace(/\/[^/]*$/, `/${name}`),
      drop: async () => {
        const a = await mysql.createConnection({ uri: MYSQL_URL });
        await a.query(`drop database if exists ${name}`);
        await a.end();
        removeDir();
      },
    };
  }
  return { dataDir, url: `sqlite:${path.join(dataDir, 'j.db')}`, drop: async () => removeDir() };
}
