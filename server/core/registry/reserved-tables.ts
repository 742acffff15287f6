import { SERVER_TABLES } from '../db/server-tables.js';
import type { Entity } from './entity-types.js';

/** An entity that ships with the server (a schema file), not one stored by the AI-code page or brought by a plugin. */
export const isBuiltIn = (entity: Entity): boolean =>
  !entity.origin.startsWith('database:') && !entity.origin.startsWith('plugin:');

/**
 * Why an AI-code or plugin entity may not use `table`, or undefined when it may. Reserved, derived from what the server
 * itself makes (never a hand list): every table of a built-in entity and every server table (SERVER_TABLES), every
 * name beginning with the first segment of one of those (`base_`, `joinery_`, `task_`, `dict_`, `recycle_`, `space_`,
 * `dashboard_`, … — the modules that ship with the server, where it may add tables in any release), and every name
 * holding `__kw` (the keyword tables `<table>__kw`, and SQLite's FTS5 shadow tables `<table>__kw_*`).
 */
export function reservedTableReason(registered: Entity[], table: string): string | undefined {
  const system = [...registered.filter(isBuiltIn).map((e) => e.table), ...SERVER_TABLES.map((t) => t.table)];
  const lower = table.toLowerCase();
  if (lower.includes('__kw'))
    return `table "${table}" is reserved: names holding "__kw" are the server's keyword tables`;
  if (system.some((t) => t.toLowerCase() === lower))
    return `table "${table}" is reserved: it is one of the server's own tables`;
  const prefixes = new Set(system.map((t) => `${t.split('_')[0].toLowerCase()}_`));
  const prefix = [...prefixes].find((p) => lower.startsWith(p) || lower === p.slice(0, -1));
  if (prefix)
    return `table "${table}" is reserved: tables beginning with "${prefix}" belong to a module that ships with the server; put the entity in a module of its own`;
  return undefined;
}

/** Throws naming the entity when an AI-code or plugin entity would use a reserved table (see reservedTableReason). */
export function assertTablesNotReserved(registered: Entity[], batch: Entity[]): void {
  for (const entity of batch) {
    const reason = reservedTableReason(registered, entity.table);
    if (reason) throw new Error(`${entity.origin}: ${reason}`);
  }
}
