import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { epsOptions, fieldAria, labelIdOf } from './form-widgets';
import { useRelationOptions, type RelationOption } from './relation-options';
import { inputClass } from './ui-classes';

type Key = string;
type Node = { key: Key; value: number | string; label: string; children: Node[]; parent?: Node };

function buildTree(options: RelationOption[]): { roots: Node[]; byKey: Map<Key, Node> } {
  const roots: Node[] = [];
  const byKey = new Map<Key, Node>();
  const stack: { node: Node; depth: number }[] = [];
  // Options come in tree order with their depth (relation-options): a node's parent is the last shallower one.
  for (const o of options) {
    const node: Node = { key: String(o.value), value: o.value, label: o.label, children: [] };
    while (stack.length && stack[stack.length - 1].depth >= o.depth) stack.pop();
    const parent = stack[stack.length - 1]?.node;
    if (parent) {
      node.parent = parent;
      parent.children.push(node);
    } else roots.push(node);
    stack.push({ node, depth: o.depth });
    byKey.set(node.key, node);
  }
  return { roots, byKey };
}

const leavesOf = (n: Node): Node[] => (n.children.length ? n.children.flatMap(leavesOf) : [n]);

/**
 * What is ticked, from the stored ids: a leaf is ticked when stored; a node with children is ticked when all its
 * leaves are, half-ticked when some are (a stored parent whose children are not all stored is only half-ticked).
 */
function stateOf(node: Node, stored: Set<Key>): 'on' | 'half' | 'off' {
  if (!node.children.length) return stored.has(node.key) ? 'on' : 'off';
  const leaves = leavesOf(node);
  const on = leaves.filter((l) => stored.has(l.key)).length;
  return on === 0 ? 'off' : on === leaves.length ? 'on' : 'half';
}

/** The ids to store: every ticked node and every half-ticked ancestor (as the original client stores a role's menus). */
function storedIds(roots: Node[], ticked: Set<Key>): Key[] {
  const out: Key[] = [];
  const walk = (n: Node) => {
    if (stateOf(n, ticked) !== 'off') out.push(n.key);
    n.children.forEach(walk);
  };
  roots.forEach(walk);
  return out;
}

/**
 * Many records of a tree entity ticked in a tree (x-ui widget tree-select on a multiple relation): a role's menus
 * and departments. Ticking a node ticks everything below it — a directory grants its pages and their buttons —
 * and a parent shows half-ticked while only some of what is below it is. Lists only what the caller may see (the
 * related entity's own list, scoped by the server).
 */
export function CheckTreeWidget(props: WidgetProps) {
  const { t } = useTranslation('entity');
  const eps = epsOptions(props)?.eps;
  const { options, isLoading, error } = useRelationOptions(eps?.ref);
  // Menu rows come named in the interface language (relation-options).
  const { roots, byKey } = useMemo(() => buildTree(options), [options]);
  const value = Array.isArray(props.value) ? props.value : [];
  // Leaves carry the truth: a stored parent alone says nothing about which of its children are granted.
  const ticked = useMemo(
    () => new Set(value.map(String).filter((k) => !byKey.get(k)?.children.length)),
    [value, byKey],
  );
  const [open, setOpen] = useState<Set<Key>>(() => new Set());
  const [filter, setFilter] = useState('');
  const locked = props.disabled || props.readonly;

  const emit = (next: Set<Key>) => {
    const ids = storedIds(roots, next).map((k) => byKey.get(k)!.value);
    // Ids this caller cannot see stay as they were: the tree only changes what it shows.
    const unseen = value.filter((v) => !byKey.has(String(v)));
    props.onChange([...unseen, ...ids]);
  };
  const toggle = (node: Node) => {
    const next = new Set(ticked);
    const on = stateOf(node, ticked) !== 'on';
    for (const leaf of leavesOf(node))
      if (on) next.add(leaf.key);
      else next.delete(leaf.key);
    emit(next);
  };
  const match = filter.trim().toLowerCase();
  const visible = (n: Node): boolean => !match || n.label.toLowerCase().includes(match) || n.children.some(visible);
  const expanded = (n: Node) => open.has(n.key) || (match !== '' && n.children.some(visible));

  // Not an ARIA tree (whose items would take focus one at a time): nested lists of ordinary checkboxes, each branch
  // with a disclosure button naming what it opens. Every checkbox is its own Tab stop, as in any form.
  const row = (n: Node, depth: number): React.ReactNode => {
    if (!visible(n)) return null;
    const state = stateOf(n, ticked);
    const childList = `${props.id}-${n.key}-children`;
    return (
      <li key={n.key}>
        <div
          className="flex items-center gap-1 rounded px-1 py-0.5 hover:bg-hover"
          style={{ paddingLeft: 4 + depth * 16 }}
        >
          {n.children.length ? (
            <button
              type="button"
              className="flex h-4 w-4 items-center justify-center text-faint hover:text-ink"
              aria-label={`${expanded(n) ? t('tree.collapse') : t('tree.expand')} ${n.label}`}
              aria-expanded={expanded(n)}
              aria-controls={expanded(n) ? childList : undefined}
              onClick={() =>
                setOpen((o) => {
                  const x = new Set(o);
                  if (x.has(n.key)) x.delete(n.key);
                  else x.add(n.key);
                  return x;
                })
              }
            >
              <span
                aria-hidden="true"
                className={`inline-block transition-transform ${expanded(n) ? 'rotate-90' : ''}`}
              >
                ›
              </span>
            </button>
          ) : (
            <span className="w-4" />
          )}
          <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-1.5 text-[13px] text-ink">
            <input
              type="checkbox"
              data-node={n.key}
              checked={state === 'on'}
              disabled={locked}
              ref={(el) => {
                if (el) el.indeterminate = state === 'half';
              }}
              onChange={() => toggle(n)}
              className="h-3.5 w-3.5 accent-primary"
            />
            <span className="truncate">{n.label}</span>
          </label>
        </div>
        {n.children.length > 0 && expanded(n) && <ul id={childList}>{n.children.map((c) => row(c, depth + 1))}</ul>}
      </li>
    );
  };

  return (
    <fieldset
      id={props.id}
      className="min-w-0 rounded-md border border-line-strong"
      data-testid={`check-tree-${eps?.name ?? ''}`}
      aria-labelledby={labelIdOf(props.id)}
      aria-describedby={fieldAria(props)['aria-describedby']}
    >
      <div className="flex items-center gap-2 border-b border-line p-1.5">
        <input
          className={`${inputClass} h-7 min-w-0 flex-1 text-[12px]`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('form.filter')}
          aria-label={t('form.filter')}
        />
        <button
          type="button"
          className="text-[12px] text-primary hover:underline"
          onClick={() => setOpen(new Set(byKey.keys()))}
        >
          {t('tree.expandAll')}
        </button>
        <button type="button" className="text-[12px] text-muted hover:text-ink" onClick={() => setOpen(new Set())}>
          {t('tree.collapseAll')}
        </button>
      </div>
      <ul className="max-h-72 overflow-auto p-1">
        {isLoading && <li className="px-2 py-1 text-[12px] text-muted">{t('state.loading')}</li>}
        {error && (
          <li role="alert" className="px-2 py-1 text-[12px] text-danger">
            {error.message}
          </li>
        )}
        {roots.map((n) => row(n, 0))}
      </ul>
    </fieldset>
  );
}
