/** The console's languages; zh-cn is the protocol's own. */
export type Lang = 'zh-cn' | 'zh-tw' | 'en';

/** The caller's language from the `language` header (zh-cn when absent or unknown). */
export function requestLanguage(header: unknown): Lang {
  const v = String(header ?? '')
    .toLowerCase()
    .replace('_', '-');
  return v === 'en' || v.startsWith('en-') ? 'en' : v === 'zh-tw' || v === 'zh-hk' ? 'zh-tw' : 'zh-cn';
}
