/**
 * Where the console reaches the server: every call goes to `/api` + its path (`/api/admin/base/comm/person`). The
 * server strips the prefix itself (PROTOCOL §0), so the console works served by Joinery and served as static files
 * behind a proxy that forwards only `/api/*` (README, "Behind a proxy"), as the original client is deployed.
 * Paths inside the console (early calls, query keys) stay without it.
 */
export const API_BASE = '/api';

/** The address of a server path: `apiUrl('/admin/base/comm/person')` → `/api/admin/base/comm/person`. */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;

/** The envelope's code of a successful call (PROTOCOL §1). */
export const SUCCESS_CODE = 1000;
