import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import useSWR, { type KeyedMutator } from 'swr';
import { useTranslation } from 'react-i18next';
import { request } from './request';
import { useSession } from './session';
import { usePermMenu } from './menu';

/** One dictionary entry; names come in the language of the `language` header. */
export type DictEntry = {
  id: number;
  name: string;
  value: number | string;
  /** 'primary' | 'success' | 'warning' | 'danger' | 'info', or a CSS colour. */
  color: string | null;
  parentId: number | null;
  orderNum: number;
};

export type DictData = Record<string, DictEntry[]>;

export const DICT_KEY = '/admin/dict/info/data';
const EMPTY: DictEntry[] = [];

/**
 * Dictionaries that exist only in what is being drafted (the AI-code preview of a proposal carrying a new
 * dictionary): below this provider they read as if the server had them; a dictionary the server has wins.
 */
const DraftDicts = createContext<DictData | undefined>(undefined);
export function DraftDictsProvider({ dicts, children }: { dicts: DictData; children: ReactNode }) {
  return createElement(DraftDicts.Provider, { value: dicts }, children);
}

/** Every dictionary, loaded after the menu (SPEC §4) and again when the language changes. */
export function useDicts(): { data?: DictData; isLoading: boolean; error?: Error; mutate: KeyedMutator<DictData> } {
  const session = useSession();
  const { data: menu } = usePermMenu();
  const { i18n } = useTranslation();
  const key = session && menu ? ([DICT_KEY, i18n.language] as const) : null;
  const { data, error, isLoading, mutate } = useSWR<DictData, Error, readonly [string, string] | null>(
    key,
    ([path]) => request<DictData>(path, { method: 'POST', data: {} }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const draft = useContext(DraftDicts);
  const merged = useMemo(() => (draft && data ? { ...draft, ...data } : data), [draft, data]);
  return { data: merged, error, isLoading, mutate };
}

/**
 * The dictionaries the shell loaded (useDicts there), handed down: a list draws a dictionary tag in many cells, and
 * each reads them here rather than running the data hooks itself (a long list's scroll draws new cells every frame).
 */
const ShellDicts = createContext<DictData | undefined>(undefined);
export function ShellDictsProvider({ dicts, children }: { dicts: DictData | undefined; children: ReactNode }) {
  return createElement(ShellDicts.Provider, { value: dicts }, children);
}

/** The entries of one dictionary type (empty while loading or for an unknown key); a drafted one below a server one. */
export function useDict(key: string | undefined): DictEntry[] {
  const data = useContext(ShellDicts);
  const draft = useContext(DraftDicts);
  if (!key || !data) return EMPTY;
  return data[key] ?? draft?.[key] ?? EMPTY;
}

/** The entry whose value matches (loosely: '1' matches 1, as values arrive from forms and URLs). */
export function findDictEntry(entries: DictEntry[], value: unknown): DictEntry | undefined {
  return entries.find((e) => e.value === value || String(e.value) === String(value));
}
