import { describe, expect, it } from 'vitest';
import { extraComponents, toolbarEntries, type RuntimeModule } from './registry';

const Part = () => null;
const mod = (name: string, order: number, enable: boolean, index = true, toolbar = false): RuntimeModule => ({
  name,
  order,
  enable,
  ...(index ? { index: Part } : {}),
  ...(toolbar ? { toolbar: Part } : {}),
});

describe('extraComponents', () => {
  it('keeps only enabled modules that have an index component, ordered by order', () => {
    const list = [
      mod('theme', 4, true),
      mod('print', 2, true),
      mod('view', 1, true, false),
      mod('icon', 0, false),
      mod('upload', 3, true),
    ];
    expect(extraComponents(list).map((m) => m.name)).toEqual(['print', 'upload', 'theme']);
  });

  it('a disabled module is left out even with an index; enabled again it is back in its place', () => {
    const off = [mod('a', 1, true), mod('b', 2, false), mod('c', 3, true)];
    expect(extraComponents(off).map((m) => m.name)).toEqual(['a', 'c']);
    expect(extraComponents(off.map((m) => ({ ...m, enable: true }))).map((m) => m.name)).toEqual(['a', 'b', 'c']);
  });

  it('equal orders keep a stable order by name; the input is not reordered', () => {
    const list = [mod('zeta', 1, true), mod('alpha', 1, true)];
    expect(extraComponents(list).map((m) => m.name)).toEqual(['alpha', 'zeta']);
    expect(list.map((m) => m.name)).toEqual(['zeta', 'alpha']);
    expect(extraComponents([])).toEqual([]);
  });

  it('toolbar entries follow the same rule for their own part', () => {
    const list = [
      mod('theme', 4, true, true, true),
      mod('print', 2, true, true, false),
      mod('x', 1, false, false, true),
    ];
    expect(toolbarEntries(list).map((m) => m.name)).toEqual(['theme']);
  });
});
