import useSWR from 'swr';
import { request } from './request';
import { columnPrefKey, PREF_PATH, parseColumnPrefs, type ColumnPrefs } from './column-prefs';

export { applyColumnPrefs, type ColumnPrefs } from './column-prefs';

/** The last preference save under way (saves go out one after another). */
let saving: Promise<unknown> = Promise.resolve();

/**
 * Column show/hide/order of an entity, saved per user on the server (GET/POST /admin/base/comm/pref), so the
 * layout follows the user to another browser.
 */
export function useColumnPrefs(prefix: string): {
  prefs?: ColumnPrefs;
  isLoading: boolean;
  save: (prefs: ColumnPrefs | null) => Promise<void>;
} {
  const key = columnPrefKey(prefix);
  const { data, isLoading, mutate } = useSWR(
    [PREF_PATH, key],
    ([path, k]) => request<unknown>(path, { params: { key: k } }),
    {
      revalidateOnFocus: false,
    },
  );
  const save = async (prefs: ColumnPrefs | null) => {
    // Optimistic: the table changes at once; a failed save rolls back and rejects for the screen to report.
    await mutate(
      async () => {
        // Saved in the order they were made: two quick changes must not reach the server the other way round.
        const post = saving.then(() => request(PREF_PATH, { method: 'POST', data: { key, value: prefs } }));
        saving = post.catch(() => undefined);
        await post;
        return prefs;
      },
      { optimisticData: prefs, rollbackOnError: true, revalidate: false },
    );
  };
  return { prefs: parseColumnPrefs(data), isLoading, save };
}
