import net from 'node:net';
import { pbkdf2 } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from '../support/harness.js';
import type { Row } from '../../core/db/row.js';
import { waitFor } from '../support/task-helpers.js';
import { file, MAX, multipart, png, UPLOAD, uploadSuite } from './upload-suite.js';

describe.each(DIALECTS)('upload (%s)', (dialect) => {
  const { started, send, storedFiles, tempFiles, spaceRows, refusedCleanly } = uploadSuite(dialect);
  let t: TestApp;
  let token: string;
  beforeAll(() => {
    ({ t, token } = started());
  });

  it('a cut-off upload, an empty one and a non-multipart call leave nothing', async () => {
    const parts = [file('a.png', png(300)), file('b.png', png(2000))];
    const whole = multipart(parts).payload.length;
    const r = await refusedCleanly(parts, 400, { cutAfter: whole - 500 });
    expect(r.body.message).toMatch(/^上传失败/);
    const empty = await refusedCleanly([{ name: 'key', value: 'x.png' }], 400);
    expect(empty.body.message).toBe('上传文件为空');
    await refusedCleanly([file('zero.png', Buffer.alloc(0))], 400);
    const json = await t.call('POST', UPLOAD, { token, body: { key: 'x.png' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('上传文件为空');
  });

  it('many cut-off uploads at once leave no temporary file behind', async () => {
    const parts = [file('a.png', png(300)), file('b.png', png(2000))];
    const whole = multipart(parts).payload.length;
    // libuv's thread pool kept busy (as under a full test run or real load): file opens wait in its queue.
    let busy = true;
    const hog = async () => {
      while (busy) await new Promise((resolve) => pbkdf2(' ', 's', 20_000, 32, 'sha256', resolve));
    };
    const hogs = Array.from({ length: 8 }, hog);
    try {
      for (let round = 0; round < 5; round++) {
        const replies = await Promise.all(Array.from({ length: 20 }, () => send(parts, { cutAfter: whole - 500 })));
        expect(replies.map((r) => r.status)).toEqual(replies.map(() => 400));
        expect(tempFiles()).toEqual([]);
      }
    } finally {
      busy = false;
      await Promise.all(hogs);
    }
  });

  it('a client that hangs up mid-file leaves nothing (real socket)', async () => {
    const files = storedFiles();
    const rows = (await spaceRows()).length;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { payload, headers } = multipart([file('a.png', png(300)), file('b.png', png(MAX - 10))]);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${UPLOAD} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length - 1000));
    // The client hangs up once the upload has reached its temporary files (else the case would pass untested).
    await waitFor('the upload to reach its temporary files', async () => tempFiles().length > 0, 10_000, 10);
    socket.destroy();
    await waitFor('its temporary files to be removed', async () => tempFiles().length === 0, 10_000, 10);
    expect(tempFiles()).toEqual([]);
    expect(storedFiles()).toEqual(files);
    expect((await spaceRows()).length).toBe(rows);
  });

  it('a client that records the upload itself (space/info/add, as the original Vue does) leaves one row per file', async () => {
    const r = await send([{ name: 'key', value: 'chair.png' }, file('chair.png', png(321))]);
    expect(r.status, r.raw).toBe(200);
    const url = r.body.data as string;
    const type = await t.call('POST', '/admin/space/type/add', { token, body: { name: 'Chairs' } });
    const classifyId = Number((type.body.data as Row).id);
    const add = await t.call('POST', '/admin/space/info/add', {
      token,
      body: { url, name: 'Chair, front', classifyId, key: url },
    });
    expect(add.status, add.raw).toBe(200);
    const rows = (await spaceRows()).filter((x) => x.url === url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: (add.body.data as Row).id,
      name: 'Chair, front',
      classifyId,
      type: 'image',
      fileId: url.replace('/api/public/uploads/', ''),
    });
    expect(Number(rows[0].size)).toBe(321);
    // The blanks filled from the upload's row are in the record's history after its add (issue 31): replayed, the
    // history gives the row as stored.
    const history = (await t.rows('base_sys_history'))
      .filter((h) => h.entityPrefix === 'space/info' && Number(h.recordId) === Number(rows[0].id))
      .map((h) => ({ version: Number(h.version), changes: JSON.parse(String(h.changes)) as Row }));
    expect(history.map((h) => h.version).sort()).toEqual([1, 2]);
    expect(Number(rows[0].revision)).toBe(2);
    const replayed: Row = {};
    for (const h of history.sort((a, b) => a.version - b.version))
      for (const [name, pair] of Object.entries(h.changes)) replayed[name] = (pair as unknown[])[1];
    expect(replayed).toMatchObject({ type: 'image', size: 321, fileId: rows[0].fileId, name: 'Chair, front' });
    // Any other URL is added as before.
    const other = await t.call('POST', '/admin/space/info/add', {
      token,
      body: { url: 'https://example.com/a.png', name: 'External' },
    });
    expect(other.status, other.raw).toBe(200);
  });

  it('concurrent uploads each get their own file and row', async () => {
    const before = (await spaceRows()).length;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send([file(`same.png`, png(500 + i))])));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data)).size).toBe(8);
    expect((await spaceRows()).length).toBe(before + 8);
  });
});
