import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueEntries, E } from '../../core/errors/catalogue.js';
import { LANGS } from '../../core/errors/define.js';
import { ROOT } from '../../paths.js';

const SERVER_DIR = path.join(ROOT, 'server');

/** Characters only simplified Chinese writes: a zh-tw text holding one was not translated (or half). */
const SIMPLIFIED_ONLY = [
  ...'为们这时个无账户码删录请权页数据错误网关闭开门问题设计认证',
  ...'说读写选单项组规态务级应该发将过处获择签复归类从当后实体际传输编辑检导须链释创',
];

const holes = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Server source files (tests excluded). */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'test' ? [] : sources(full);
    return d.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the error catalogue', () => {
  const entries = catalogueEntries();

  it('has every entry once, with a status and a protocol code', () => {
    expect(entries.length).toBeGreaterThan(100);
    expect(Object.keys(E).length, 'an id defined in two areas').toBe(entries.length);
    for (const { entry } of entries) {
      expect(entry.id, entry.id).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect([1001, 1002, 1003], entry.id).toContain(entry.code);
      expect(entry.status >= 400 && entry.status < 600, entry.id).toBe(true);
    }
  });

  it('says every entry in zh-cn, zh-tw (traditional characters) and en, with the same placeholders', () => {
    const problems: string[] = [];
    for (const { area, entry } of entries) {
      const at = `${area}.${entry.id}`;
      for (const lang of LANGS) if (!entry.texts[lang]?.trim()) problems.push(`${at}: no ${lang} text`);
      const simplified = SIMPLIFIED_ONLY.filter((c) => entry.texts['zh-tw']?.includes(c));
      if (simplified.length) problems.push(`${at}: zh-tw has simplified ${simplified.join('')}`);
      if (/[\u4e00-\u9fff]/.test(entry.texts.en ?? '')) problems.push(`${at}: en text is Chinese`);
      const cn = holes(entry.texts['zh-cn'] ?? '').join();
      for (const lang of LANGS)
        if (holes(entry.texts[lang] ?? '').join() !== cn)
          problems.push(`${at}: ${lang} placeholders differ from zh-cn`);
    }
    expect(problems).toEqual([]);
  });

  it('is the only source of server messages: no AppError from a string, no old string helpers', () => {
    const rules: [RegExp, string][] = [
      [/new AppError\(/, 'AppError built outside server/core/errors.ts (use appError/fieldError)'],
      [/\blegacyError\(/, 'old helper'],
      [/\b(?:badRequest|conflict|refused|notFound|tooLarge|unsupportedType|tooManyRequests)\(\s*[`'"{]/, 'old helper'],
      [/\b(?:appError|fieldsError)\(\s*[`'"]/, 'appError from a string literal'],
      [/\b(?:fieldError|errorOn|issue)\([^,()]+,\s*[`'"{]/, 'a field message from a string literal'],
    ];
    const found: string[] = [];
    for (const file of sources(SERVER_DIR)) {
      const rel = path.relative(SERVER_DIR, file);
      if (rel === path.join('core', 'errors.ts')) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [re, why] of rules) if (re.test(line)) found.push(`${rel}:${i + 1}: ${why}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
