import fs from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { catalogueEntries } from '../../core/errors/catalogue.js';
import { ROOT } from '../../paths.js';

/**
 * Every Traditional Chinese text a person reads is written in Traditional characters: each is put through OpenCC's
 * simplified → Taiwan-standard conversion (characters and phrases), and a text the conversion changes held a
 * simplified character or phrase. Where OpenCC's choice is not the only right one, the pair is listed with why.
 */
const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });

/** Conversions OpenCC makes that are not corrections: [what we write, what OpenCC writes, why ours is right]. */
const ACCEPTED: [string, string, string][] = [
  ['只能', '隻能', '只 (only) is Traditional too; 隻 is the measure word for animals'],
  ['後台', '後臺', 'both are current in Taiwan; 後台 is what admin consoles there say'],
];

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'test' || d.name === 'e2e' ? [] : files(full);
    return [full];
  });

type Text = { where: string; text: string };

/** Every string under a "zh-tw" key of a JSON value (schemas: x-label, x-title, x-dict-entries; seeds). */
function zhTwValues(value: unknown, where: string, out: Text[]): void {
  if (Array.isArray(value)) for (const v of value) zhTwValues(v, where, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'zh-tw' && typeof v === 'string') out.push({ where, text: v });
      else zhTwValues(v, where, out);
    }
}

/** Every string of a zh-tw message file (the console's namespaces). */
function allStrings(value: unknown, where: string, out: Text[]): void {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (value && typeof value === 'object') for (const v of Object.values(value)) allStrings(v, where, out);
}

function texts(): Text[] {
  const out: Text[] = [];
  const rel = (f: string) => path.relative(ROOT, f);
  for (const f of files(path.join(ROOT, 'runtime/i18n')).filter((f) => f.endsWith('zh-tw.json')))
    allStrings(JSON.parse(fs.readFileSync(f, 'utf8')), rel(f), out);
  for (const dir of ['schemas', 'server/seed', 'plugins'])
    for (const f of files(path.join(ROOT, dir)).filter((f) => f.endsWith('.json')))
      zhTwValues(JSON.parse(fs.readFileSync(f, 'utf8')), rel(f), out);
  for (const { area, entry } of catalogueEntries())
    out.push({ where: `errors ${area}.${entry.id}`, text: entry.texts['zh-tw'] ?? '' });
  // Texts written in code as { 'zh-tw': '…' } (labels of built-in plugins, dashboard, CLI drafts…).
  for (const dir of ['server', 'runtime', 'codegen'])
    for (const f of files(path.join(ROOT, dir)).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)))
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/'zh-tw':\s*'([^']*)'/g))
        out.push({ where: rel(f), text: m[1] });
  return out;
}

describe('Traditional Chinese texts', () => {
  it('are read from every source a person sees them from', () => {
    const all = texts();
    expect(all.length).toBeGreaterThan(2000);
    for (const part of ['runtime/i18n/shell/zh-tw.json', 'schemas/', 'server/seed/dicts/', 'errors '])
      expect(
        all.some((t) => t.where.startsWith(part)),
        part,
      ).toBe(true);
  });

  it('hold no simplified character or phrase (OpenCC simplified → Taiwan finds nothing to change)', () => {
    const problems: string[] = [];
    for (const { where, text } of texts()) {
      let ours = text;
      let theirs = toTaiwan(text);
      for (const [accepted, opencc] of ACCEPTED) theirs = theirs.replaceAll(opencc, accepted);
      ours = ours.trim();
      if (theirs.trim() !== ours) problems.push(`${where}: "${ours}" → "${theirs.trim()}"`);
    }
    expect(problems).toEqual([]);
  });
});
