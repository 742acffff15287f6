/** The success envelope; data is left out when there is none (PROTOCOL §2.1). */
export function ok(data?: unknown): { code: 1000; message: 'success'; data?: unknown } {
  return data === undefined || data === null
    ? { code: 1000, message: 'success' }
    : { code: 1000, message: 'success', data };
}
