/**
 * Where the console reaches the server: every call goes to `/api` + its path (`/api/admin/base/comm/person`). The
 * server strips the prefix itself (PROTOCOL §0), so the console works served by Joinery and served as static files
 * behind a proxy that forwards only `/api/*` (README, "Behind a proxy"), as the original client is deployed.
 * Paths inside the console (early calls, query keys) stay without it.
 */
export const API_BASE = '/api';

/** The address of a server path: `apiUrl('/admin/base/comm/person')` → `/api/admin/base/comm/person`. */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;

/** The console's first calls, named as their hooks' keys and index.html's early calls name them. */
export const EPS_KEY = '/admin/base/open/eps';
export const PERMMENU_KEY = '/admin/base/comm/permmenu';

/** Request timeout (SPEC §9). */
export const TIMEOUT_MS = 30_000;

/** The envelope's code of a successful call (PROTOCOL §1). */
export const SUCCESS_CODE = 1000;

/**
 * A path with its query: objects as JSON, null and undefined left out. `withQuery('/x', { key: 'a:b' })` →
 * `/x?key=a%3Ab`. An early call is named by this text (engine/early-calls.ts), so everything building a GET's address
 * goes through here.
 */
export function withQuery(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
