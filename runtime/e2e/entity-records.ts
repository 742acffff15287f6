import { expect, type AdminApi } from './fixtures';
import type { ShellPage } from './pages/shell-page';
import { ListPage } from './pages/list-page';

/** What the entity screen specs (entity-crud-*.spec.ts) read from the server: rows, one record, the recycle bin. */

export type Row = Record<string, unknown> & { id: number };
export type PageReply = { list: Row[]; pagination: { total: number } };

/** The server's rows matching a keyword: what the database holds, independent of the screen. */
export async function find(api: AdminApi, prefix: string, keyWord: string): Promise<Row[]> {
  const reply = await api.call<PageReply>('POST', `/admin/${prefix}/page`, { page: 1, size: 50, keyWord });
  expect(reply.code).toBe(1000);
  return reply.data.list;
}

export async function info(api: AdminApi, prefix: string, id: number): Promise<Row | undefined> {
  return (await api.call<Row | undefined>('GET', `/admin/${prefix}/info`, { id })).data;
}

/** The recycle bin holds a record deleted from that entity whose saved rows contain the text. */
/** Finds the deleted row's recycle record through the API and on the recycle bin screen; returns the record's id. */
export async function expectInRecycleBin(
  page: import('@playwright/test').Page,
  shell: ShellPage,
  api: AdminApi,
  prefix: string,
  text: string,
): Promise<number> {
  const records = (
    await api.call<PageReply>('POST', '/admin/recycle/data/page', {
      page: 1,
      size: 50,
      keyWord: `/admin/${prefix}/delete`,
    })
  ).data.list;
  const record = records.find((r) => JSON.stringify(r.data).includes(text));
  expect(record, `a recycle record of ${prefix} holding ${text}`).toBeTruthy();

  // And the user finds it on the recycle bin screen, with the deleted data in its details.
  await shell.openMenu('/recycle/data');
  const bin = new ListPage(page);
  await bin.ready('recycle/data');
  await bin.search(`/admin/${prefix}/delete`);
  const row = bin.row(record!.id);
  await expect(row).toBeVisible();
  await expect(bin.cell(row, 'url')).toContainText(`/admin/${prefix}/delete`);
  await bin.view(row);
  const details = page.getByTestId('info-dialog');
  await expect(details).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  return record!.id;
}
