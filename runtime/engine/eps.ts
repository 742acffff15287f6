import useSWR from 'swr';
import { useMemo } from 'react';
import { request } from './request';
import { useSession } from './session';
import { indexEps } from './eps-index';

/** Types of GET /admin/base/open/eps: one source, shared with the server that builds the reply and the CLI. */
export type {
  EpsLabel,
  EpsSearchMode,
  EpsStorage,
  EpsWidget,
  EpsApi,
  EpsColumn,
  EpsField,
  EpsButton,
  EpsJoin,
  EpsJoinery,
  EpsEntry,
  EpsEntity,
  Eps,
} from '../../server/modules/base/open/eps-types';
import type { EpsEntry } from '../../server/modules/base/open/eps-types';

import { EPS_KEY } from './api-base';

export { EPS_KEY };

export type EpsState = {
  entries: EpsEntry[];
  /** Keyed by prefix without '/admin/', e.g. 'product/info'. */
  byPrefix: Map<string, EpsEntry>;
  /** Keyed by joinery.menu.viewPath. */
  byViewPath: Map<string, EpsEntry>;
  /** Keyed by joinery.menu.router. */
  byRouter: Map<string, EpsEntry>;
  isLoading: boolean;
  error?: Error;
};

export { indexEps, shortPrefix } from './eps-index';

/**
 * One index per eps reply, shared by every hook reading it: a list calls useEps in each of its relation cells, and
 * indexing the whole of eps once per cell was a good part of drawing a page.
 */
const indexes = new WeakMap<object, ReturnType<typeof indexEps>>();
function sharedIndex(data: Record<string, EpsEntry[]> | undefined): ReturnType<typeof indexEps> {
  if (!data) return indexEps(undefined);
  let index = indexes.get(data);
  if (!index) {
    index = indexEps(data);
    indexes.set(data, index);
  }
  return index;
}

/** Entity metadata for the signed-in user (what they may call), fetched once per session. */
export function useEps(): EpsState {
  const session = useSession();
  const { data, error, isLoading } = useSWR<Record<string, EpsEntry[]>, Error>(
    session ? EPS_KEY : null,
    (key: string) => request(key),
    {
      revalidateOnFocus: false,
      revalidateIfStale: false,
      revalidateOnReconnect: false,
    },
  );
  const index = useMemo(() => sharedIndex(data), [data]);
  return { ...index, isLoading: isLoading || (!!session && !data && !error), error };
}
