import type {
  Label,
  Permission,
  Proposal,
  ProposalField,
} from '../../../server/modules/base/coding/proposal/proposal-types';
import type { DictData } from '../../engine/dict';
import type { EpsEntry } from '../../engine/eps';
import { labelOf } from '../../widgets/label-of';

export { FIELD_KINDS, PERMISSIONS, SEARCH_KINDS } from '../../../server/modules/base/coding/proposal/proposal-types';
export type {
  FieldKind,
  Label,
  Permission,
  Proposal,
  ProposalField,
  SearchKind,
} from '../../../server/modules/base/coding/proposal/proposal-types';

/** How the admin describes the entity (SPEC's AI-code page; `entity` is a pasted cool-admin/TypeORM class). */
export const SOURCES = ['json', 'csv', 'form', 'entity', 'sentence'] as const;
export type Source = (typeof SOURCES)[number];

export type Issue = { path: string; message: string };
export type Row = Record<string, unknown>;

/** GET /admin/base/coding/options, as the server declares it (coding-schemas.ts). */
export type { CodingOptions } from '../../engine/client.generated';

/** POST /admin/base/coding/draft. */
export type DraftReply = { proposal: Proposal; replacing: boolean; preview: EpsEntry; rows?: Row[] };

/** What the page edits: the proposal in full, with every optional part present so inputs stay controlled. */
export type Draft = {
  module: string;
  name: string;
  title: Label;
  fields: ProposalField[];
  menu: { parent: string; router: string; icon: string; orderNum: string };
  permissions: Permission[];
};

export const emptyLabel = (): Label => ({ 'zh-cn': '', 'zh-tw': '', en: '' });

export const emptyDraft = (): Draft => ({
  module: '',
  name: '',
  title: emptyLabel(),
  fields: [],
  menu: { parent: '', router: '', icon: '', orderNum: '' },
  permissions: ['page', 'list', 'info', 'add', 'update', 'delete'],
});

const trimmed = (label: Label): Label | undefined => {
  const out = { 'zh-cn': label['zh-cn'].trim(), 'zh-tw': label['zh-tw'].trim(), en: label.en.trim() };
  return out['zh-cn'] || out['zh-tw'] || out.en ? out : undefined;
};

/** The page's draft as the server's proposal (empty parts left out, so the server's defaults apply). */
export function toProposal(d: Draft): Proposal {
  const title = trimmed(d.title);
  const order = d.menu.orderNum.trim();
  return {
    module: d.module.trim(),
    name: d.name.trim(),
    ...(title ? { title } : {}),
    fields: d.fields.map((f) => {
      const label = typeof f.label === 'object' ? trimmed(f.label) : f.label;
      const out: ProposalField = { ...f };
      if (label) out.label = label;
      else delete out.label;
      return out;
    }),
    menu: {
      ...(d.menu.parent ? { parent: d.menu.parent } : {}),
      ...(d.menu.router.trim() ? { router: d.menu.router.trim() } : {}),
      ...(d.menu.icon ? { icon: d.menu.icon } : {}),
      ...(order !== '' && Number.isInteger(Number(order)) ? { orderNum: Number(order) } : {}),
    },
    permissions: d.permissions,
  };
}

const asLabel = (l: ProposalField['label'] | Proposal['title']): Label =>
  typeof l === 'string' ? { 'zh-cn': l, 'zh-tw': l, en: l } : l ? { ...emptyLabel(), ...l } : emptyLabel();

/** A proposal from the server (a draft or a stored entity) as the page's draft. */
export function fromProposal(p: Proposal, keep: Draft): Draft {
  return {
    module: p.module ?? keep.module,
    name: p.name ?? keep.name,
    title: p.title ? asLabel(p.title) : keep.title,
    fields: p.fields.map((f) => ({ ...f, label: asLabel(f.label ?? f.name) })),
    menu: {
      parent: p.menu?.parent ?? keep.menu.parent,
      router: p.menu?.router ?? keep.menu.router,
      icon: p.menu?.icon ?? keep.menu.icon,
      orderNum: p.menu?.orderNum !== undefined ? String(p.menu.orderNum) : keep.menu.orderNum,
    },
    permissions: p.permissions ?? keep.permissions,
  };
}

/**
 * SPEC's AI-code form rules, checked before applying: a data structure (fields), parent node, menu name, route
 * starting with '/', sort number and icon required; at least one permission. The server checks names and shapes.
 */
export function formIssues(d: Draft): Issue[] {
  const issues: Issue[] = [];
  if (!d.module.trim()) issues.push({ path: 'module', message: 'required' });
  if (!d.name.trim()) issues.push({ path: 'name', message: 'required' });
  if (!trimmed(d.title)) issues.push({ path: 'title', message: 'required' });
  if (d.fields.length === 0) issues.push({ path: 'fields', message: 'noFields' });
  if (!d.menu.parent) issues.push({ path: 'menu.parent', message: 'required' });
  const router = d.menu.router.trim() || `/${d.module.trim()}/${d.name.trim()}`;
  if (!router.startsWith('/')) issues.push({ path: 'menu.router', message: 'slash' });
  if (d.menu.orderNum.trim() === '') issues.push({ path: 'menu.orderNum', message: 'required' });
  else if (!Number.isInteger(Number(d.menu.orderNum))) issues.push({ path: 'menu.orderNum', message: 'integer' });
  if (!d.menu.icon) issues.push({ path: 'menu.icon', message: 'required' });
  if (d.permissions.length === 0) issues.push({ path: 'permissions', message: 'onePermission' });
  return issues;
}

/**
 * Where an issue belongs: `fields.3.name` and `fields.state.dict` (by field name) point into the field table; other
 * paths name a part of the form.
 */
export function issueTarget(issue: Issue, fields: ProposalField[]): { row: number; column: string } | { part: string } {
  const m = /^fields\.([^.]+)(?:\.(.+))?$/.exec(issue.path);
  if (m) {
    const row = /^\d+$/.test(m[1]) ? Number(m[1]) : fields.findIndex((f) => f.name === m[1]);
    if (row >= 0 && row < fields.length) return { row, column: m[2] ?? '' };
  }
  return { part: issue.path };
}

/**
 * The issues by where they show: per row and column of the field table (the message prefixed with the field's name),
 * or per part of the form (the first issue of a part wins). `say` words a message (the page's own codes).
 */
export function placeIssues(
  issues: Issue[],
  fields: ProposalField[],
  say: (message: string) => string,
): { cells: Map<number, Map<string, Issue>>; parts: Map<string, string> } {
  const cells = new Map<number, Map<string, Issue>>();
  const parts = new Map<string, string>();
  for (const issue of issues) {
    const at = issueTarget(issue, fields);
    const message = say(issue.message);
    if ('row' in at) {
      if (!cells.has(at.row)) cells.set(at.row, new Map());
      cells.get(at.row)!.set(at.column, { ...issue, message: `${fields[at.row]?.name}: ${message}` });
    } else if (!parts.has(at.part)) parts.set(at.part, message);
  }
  return { cells, parts };
}

/** The new dictionaries a proposal carries, as dictionary data, so the preview labels their values before they exist. */
export function draftDictData(fields: ProposalField[], lang: string): DictData {
  return Object.fromEntries(
    fields
      .filter((f) => f.dict && f.dictEntries)
      .map((f) => [
        f.dict!,
        f.dictEntries!.map((e, i) => ({
          id: -(i + 1),
          value: e.value,
          name: typeof e.name === 'string' ? e.name : labelOf(e.name, lang),
          color: e.color ?? null,
          parentId: null,
          orderNum: i + 1,
        })),
      ]),
  );
}

/** Sample rows after a field was renamed: the value moves to the new key (unless a row has it already). */
export function renameInRows(rows: Row[], from: string, to: string): Row[] {
  return rows.map((r) => {
    if (!(from in r) || to in r) return r;
    const { [from]: value, ...rest } = r;
    return { ...rest, [to]: value };
  });
}

/**
 * An evolve's change plan and the admin's choices (POST /admin/base/coding/plan), as the server declares them
 * (coding-schemas.ts; server/core/db/evolve-plan.ts makes them).
 */
export type {
  ChangePlan,
  Choice,
  FieldChange,
  KeptReply,
  PlanReply,
  PlanSample,
  Rename,
} from '../../engine/client.generated';
