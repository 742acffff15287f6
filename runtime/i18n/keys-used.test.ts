import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const LANGS = ['zh-cn', 'zh-tw', 'en'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'e2e' || name === 'i18n' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

type Messages = { [key: string]: string | Messages };
const catalogue = (ns: string, lang: string): Messages | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(root, 'i18n', ns, `${lang}.json`), 'utf8')) as Messages;
  } catch {
    return undefined;
  }
};
const has = (messages: Messages | undefined, key: string): boolean => {
  let at: string | Messages | undefined = messages;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  // A key with plural forms is stored as key_one / key_other.
  if (at !== undefined) return true;
  const last = key.split('.').pop()!;
  const parent = key
    .split('.')
    .slice(0, -1)
    .reduce<string | Messages | undefined>((m, p) => (typeof m === 'object' ? m[p] : undefined), messages);
  return typeof parent === 'object' && (`${last}_one` in parent || `${last}_other` in parent);
};

// Every literal key a screen asks for (t('a.b') in a file that takes one namespace) is in all three languages,
// so no raw key like "tree.filter" ever reaches the screen.
describe('interface texts', () => {
  const files = sources(root);
  const cases = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const namespaces = [...new Set([...text.matchAll(/useTranslation\('([a-z]+)'\)/g)].map((m) => m[1]))];
    if (namespaces.length !== 1) return [];
    const keys = [...new Set([...text.matchAll(/\bt\('([a-zA-Z0-9_]+(?:\.[a-zA-Z0-9_]+)+)'/g)].map((m) => m[1]))];
    return keys.map((key) => ({ file: path.relative(root, file), ns: namespaces[0], key }));
  });

  it('finds keys to check', () => expect(cases.length).toBeGreaterThan(100));

  for (const lang of LANGS) {
    it(`has every key the screens use in ${lang}`, () => {
      const missing = cases.filter((c) => !has(catalogue(c.ns, lang), c.key)).map((c) => `${c.file}: ${c.ns}:${c.key}`);
      expect(missing).toEqual([]);
    });
  }
});
