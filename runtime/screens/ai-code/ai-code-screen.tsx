import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { EPS_KEY, useEps } from '../../engine/eps';
import { PERMMENU_KEY } from '../../engine/menu';
import { DraftDictsProvider, useDicts, type DictData } from '../../engine/dict';
import { request, RequestError } from '../../engine/request';
import type { BaseCodingSchemaReply } from '../../engine/client.generated';
import { toast } from '../../shell/toast';
import { IconPicker } from '../../widgets/icon-picker';
import { labelOf } from '../../widgets/label-of';
import { SelectInput } from '../../widgets/select-input';
import { buttonClass, inputClass, invalidInputClass, textareaClass } from '../../widgets/ui-classes';
import { FieldTable } from './field-table';
import { NewDictDialog } from './new-dict-dialog';
import { RemoveEntityDialog } from './remove-entity-dialog';
import { ProposalPreview } from './proposal-preview';
import { useApply } from './use-apply';
import {
  PERMISSIONS,
  SOURCES,
  emptyDraft,
  formIssues,
  fromProposal,
  issueTarget,
  toProposal,
  type CodingOptions,
  type Draft,
  type DraftReply,
  type Issue,
  type Label,
  type Proposal,
  type Row,
  type Source,
} from './proposal-state';

const OPTIONS_KEY = '/admin/base/coding/options';
const LANGS = ['zh-cn', 'zh-tw', 'en'] as const;
/** Codes of the page's own checks (formIssues); the server's messages are shown as they come. */
const LOCAL_ISSUES = ['required', 'slash', 'integer', 'onePermission', 'noFields'];

/** What each way of describing sends as its text. */
const TEXT_KEY: Partial<Record<Source, string>> = {
  json: 'sample',
  csv: 'csv',
  entity: 'entity',
  sentence: 'sentence',
};

function Step({
  n,
  title,
  hint,
  children,
  aside,
  testId,
}: {
  n: number;
  title: string;
  hint?: string;
  children: ReactNode;
  aside?: ReactNode;
  testId: string;
}) {
  return (
    <section className="min-w-0 rounded-lg border border-line bg-surface shadow-panel" data-testid={testId}>
      <header className="flex items-center gap-3 border-b border-line px-5 py-3">
        <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-on-primary">
          {n}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-[15px] font-semibold text-ink">{title}</h2>
          {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
        </div>
        {aside}
      </header>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

function Field({
  label,
  issue,
  children,
  required,
  htmlFor,
}: {
  label: string;
  issue?: string;
  children: ReactNode;
  required?: boolean;
  htmlFor?: string;
}) {
  return (
    <div className="grid content-start gap-1 text-[13px]">
      <label htmlFor={htmlFor} className="text-muted">
        {required && <span className="mr-0.5 text-danger">*</span>}
        {label}
      </label>
      {children}
      {issue && (
        <span className="text-xs text-danger" role="alert">
          {issue}
        </span>
      )}
    </div>
  );
}

/**
 * The AI-code page (SPEC §2, issue #8): describe an entity (sample JSON, CSV, the field form, a cool-admin entity class,
 * or a sentence when a language model is configured), review its fields, preview its real screen, place it in the menu
 * and apply it live — or evolve one made here before. Everything goes through the server's draft and createCode routes.
 */
export default function AiCodeScreen() {
  const { t, i18n } = useTranslation('aicode');
  const lang = i18n.language;
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const eps = useEps();
  const dicts = useDicts();
  const options = useSWR<CodingOptions, Error>(OPTIONS_KEY, (key: string) => request<CodingOptions>(key), {
    revalidateOnFocus: false,
  });
  const [source, setSource] = useState<Source>('json');
  const [texts, setTexts] = useState<Record<Source, string>>({ json: '', csv: '', form: '', entity: '', sentence: '' });
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [rows, setRows] = useState<Row[]>([]);
  const [preview, setPreview] = useState<DraftReply | null>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  // The form's own rules show once the admin tried to apply.
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState<'draft' | null>(null);
  const [evolving, setEvolving] = useState('');
  const [newDictFor, setNewDictFor] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const routerTouched = useRef(false);
  const nameInput = useRef<HTMLInputElement>(null);

  const proposal = useMemo(() => toProposal(draft), [draft]);
  const proposalKey = JSON.stringify(proposal);
  const ready = draft.fields.length > 0 && !!draft.module.trim() && !!draft.name.trim();

  // Every change is drafted again (debounced): the server's checks name the field, and the preview follows.
  const seq = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: proposalKey is the proposal's JSON: a draft is asked for when its content changes, not its identity
  useEffect(() => {
    if (!ready) return;
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      request<DraftReply>('/admin/base/coding/draft', {
        method: 'POST',
        data: { from: 'proposal', proposal },
        quiet: true,
      })
        .then((reply) => {
          if (mine === seq.current) {
            setPreview(reply);
            setIssues([]);
          }
        })
        .catch((e: unknown) => {
          if (mine !== seq.current) return;
          if (e instanceof RequestError && e.details?.length) setIssues(e.details);
          else setIssues([{ path: '(draft)', message: e instanceof Error ? e.message : String(e) }]);
        });
    }, 350);
    return () => clearTimeout(timer);
  }, [proposalKey, ready]);

  const update = (patch: Partial<Draft>) =>
    setDraft((d) => {
      const next = { ...d, ...patch };
      // The route follows module and name until the admin writes one.
      if (!routerTouched.current && (patch.module !== undefined || patch.name !== undefined)) {
        next.menu = { ...next.menu, router: next.module && next.name ? `/${next.module}/${next.name}` : '' };
      }
      return next;
    });

  const draftFromSource = async () => {
    if (source === 'form') {
      if (draft.fields.length === 0)
        update({
          fields: [
            { name: 'name', label: { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' }, type: 'string', required: true },
          ],
        });
      return;
    }
    const text = texts[source].trim();
    const missing: Issue[] = [
      ...(text ? [] : [{ path: TEXT_KEY[source]!, message: 'required' }]),
      ...(draft.module.trim() ? [] : [{ path: 'module', message: 'required' }]),
      // A pasted entity class names itself.
      ...(draft.name.trim() || source === 'entity' ? [] : [{ path: 'name', message: 'required' }]),
    ];
    if (missing.length) {
      setIssues(missing);
      return;
    }
    setBusy('draft');
    try {
      const title = proposal.title;
      const reply = await request<DraftReply>('/admin/base/coding/draft', {
        method: 'POST',
        quiet: true,
        data: {
          from: source,
          [TEXT_KEY[source]!]: text,
          module: draft.module.trim(),
          ...(source === 'entity' && !draft.name.trim() ? {} : { name: draft.name.trim() }),
          ...(title ? { title } : {}),
        },
      });
      const next = fromProposal(reply.proposal, draft);
      if (!routerTouched.current) next.menu.router = `/${next.module}/${next.name}`;
      setDraft(next);
      setRows(reply.rows ?? []);
      setPreview(reply);
      setIssues([]);
      toast.success(t('describe.drafted', { count: reply.proposal.fields.length }));
    } catch (e) {
      if (e instanceof RequestError && e.details?.length) setIssues(e.details);
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const evolve = async (prefix: string) => {
    setEvolving(prefix);
    if (!prefix) {
      setDraft(emptyDraft());
      setRows([]);
      setPreview(null);
      routerTouched.current = false;
      return;
    }
    try {
      const { proposal: stored } = await request<{ proposal: Proposal }>('/admin/base/coding/proposal', {
        params: { prefix },
      });
      routerTouched.current = true;
      applier.started(stored.fields);
      setDraft(fromProposal(stored, emptyDraft()));
      setRows([]);
      setSource('form');
      setTried(false);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  /** The stored entity as the schema file it would be in the project (`schemas/<prefix>.json`), downloaded. */
  const exportSchema = async () => {
    try {
      const { path, schema } = await request<BaseCodingSchemaReply>('/admin/base/coding/schema', {
        params: { prefix: evolving },
      });
      const url = URL.createObjectURL(new Blob([`${JSON.stringify(schema, null, 2)}\n`], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = path.split('/').pop() ?? 'entity.json';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  const applier = useApply({
    proposal,
    evolving,
    onEvolve: setEvolving,
    onIssues: setIssues,
    onRename: () => nameInput.current?.focus(),
    onApplied: async (evolved) => {
      toast.success(t(evolved ? 'apply.evolved' : 'apply.applied', { title: labelOf(proposal.title as Label, lang) }));
      // The new screen, its menu and its rights come from eps and the menu, its new dictionaries from the dictionary
      // data: read them again, then open it.
      await Promise.all([mutate(EPS_KEY), mutate(PERMMENU_KEY), mutate(OPTIONS_KEY), dicts.mutate()]);
      navigate(proposal.menu?.router ?? `/${proposal.module}/${proposal.name}`);
    },
  });
  const apply = async () => {
    setTried(true);
    const own = formIssues(draft);
    if (own.length || issues.length) {
      toast.error(t('apply.fix'));
      return;
    }
    await applier.apply();
  };

  // Issues by where they show: cells of the field table, or parts of the form.
  const shownIssues = useMemo(() => [...issues, ...(tried ? formIssues(draft) : [])], [issues, tried, draft]);
  const { cells, parts } = useMemo(() => {
    const cellMap = new Map<number, Map<string, Issue>>();
    const partMap = new Map<string, string>();
    for (const issue of shownIssues) {
      const at = issueTarget(issue, draft.fields);
      const message = LOCAL_ISSUES.includes(issue.message) ? t(`issue.${issue.message}`) : issue.message;
      if ('row' in at) {
        if (!cellMap.has(at.row)) cellMap.set(at.row, new Map());
        cellMap.get(at.row)!.set(at.column, { ...issue, message: `${draft.fields[at.row]?.name}: ${message}` });
      } else if (!partMap.has(at.part)) partMap.set(at.part, message);
    }
    return { cells: cellMap, parts: partMap };
  }, [shownIssues, draft.fields, t]);

  const entities = useMemo(
    () => eps.entries.filter((e) => e.joinery && e.api.some((a) => a.path === '/list' || a.path === '/page')),
    [eps.entries],
  );
  const dictKeys = useMemo(() => Object.keys(dicts.data ?? {}).sort(), [dicts.data]);
  // The new dictionaries the proposal carries, so the preview labels their values before they exist.
  const draftDicts = useMemo<DictData>(
    () =>
      Object.fromEntries(
        draft.fields
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
      ),
    [draft.fields, lang],
  );
  const opts = options.data;
  const sourceIssue = parts.get(TEXT_KEY[source] ?? '') ?? parts.get('from') ?? parts.get('(body)');
  const otherIssues = [...parts.entries()].filter(
    ([p]) =>
      ![
        'module',
        'name',
        'title',
        'fields',
        'menu.parent',
        'menu.router',
        'menu.icon',
        'menu.orderNum',
        'permissions',
        TEXT_KEY[source],
        'from',
        '(body)',
      ].includes(p),
  );

  const renameRows = (from: string, to: string) =>
    setRows((rs) =>
      rs.map((r) => {
        if (!(from in r) || to in r) return r;
        const { [from]: value, ...rest } = r;
        return { ...rest, [to]: value };
      }),
    );

  return (
    <div className="mx-auto grid max-w-[1400px] grid-cols-[minmax(0,1fr)] gap-4 pb-10" data-testid="ai-code">
      <Step
        n={1}
        testId="ai-describe"
        title={t('describe.title')}
        hint={t('describe.hint')}
        aside={
          opts &&
          opts.stored.length > 0 && (
            <label className="flex items-center gap-2 text-[13px] text-muted">
              {t('describe.evolve')}
              <SelectInput
                aria-label={t('describe.evolve')}
                wrapperClassName="w-56"
                value={evolving}
                onChange={(e) => void evolve(e.target.value)}
              >
                <option value="">{t('describe.newEntity')}</option>
                {opts.stored.map((s) => (
                  <option key={s.prefix} value={s.prefix}>
                    {labelOf(s.title, lang)} · {s.prefix}
                  </option>
                ))}
              </SelectInput>
              {evolving && (
                <button
                  type="button"
                  className={buttonClass.default}
                  onClick={() => void exportSchema()}
                  title={`schemas/${evolving}.json`}
                >
                  {t('describe.export')}
                </button>
              )}
              {evolving && opts?.canApply && (
                <button type="button" className={buttonClass.danger} onClick={() => setRemoving(true)}>
                  {t('remove.button')}
                </button>
              )}
            </label>
          )
        }
      >
        <div className="grid gap-4 md:grid-cols-[repeat(2,minmax(0,12rem))_minmax(0,1fr)]">
          <Field label={t('place.module')} required issue={parts.get('module')} htmlFor="ai-module">
            <input
              id="ai-module"
              list="ai-modules"
              className={`${inputClass} font-mono ${parts.get('module') ? invalidInputClass : ''}`}
              value={draft.module}
              disabled={!!evolving}
              placeholder="shop"
              onChange={(e) => update({ module: e.target.value.trim() })}
            />
            <datalist id="ai-modules">
              {opts?.modules.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </Field>
          <Field
            label={t('place.name')}
            required
            issue={parts.get('name') ?? (!evolving && preview?.replacing ? t('sameName.warning') : undefined)}
            htmlFor="ai-name"
          >
            <input
              ref={nameInput}
              id="ai-name"
              className={`${inputClass} font-mono ${parts.get('name') ? invalidInputClass : ''}`}
              value={draft.name}
              disabled={!!evolving}
              placeholder="supplier"
              onChange={(e) => update({ name: e.target.value.trim() })}
            />
          </Field>
          <Field label={t('place.menuName')} required issue={parts.get('title')}>
            <div className="flex gap-2">
              {LANGS.map((lng) => (
                <input
                  key={lng}
                  aria-label={`${t('place.menuName')} ${lng}`}
                  className={`${inputClass} ${parts.get('title') ? invalidInputClass : ''}`}
                  value={draft.title[lng]}
                  placeholder={lng === 'en' ? 'English' : lng === 'zh-tw' ? '繁體' : '简体'}
                  onChange={(e) => update({ title: { ...draft.title, [lng]: e.target.value } })}
                />
              ))}
            </div>
          </Field>
        </div>
        {!evolving && (
          <>
            <div
              role="tablist"
              aria-label={t('describe.how')}
              className="mt-5 flex flex-wrap gap-1 border-b border-line"
            >
              {SOURCES.map((s) => {
                const off = s === 'sentence' && opts?.llm === false;
                return (
                  <button
                    key={s}
                    type="button"
                    role="tab"
                    aria-selected={source === s}
                    disabled={off}
                    title={off ? t('describe.noLlm') : undefined}
                    onClick={() => setSource(s)}
                    className={`-mb-px rounded-t-md border px-3 py-1.5 text-[13px] ${source === s ? 'border-line border-b-surface bg-surface font-medium text-primary' : 'border-transparent text-muted hover:text-ink'} disabled:cursor-not-allowed disabled:opacity-50`}
                  >
                    {t(`source.${s}`)}
                  </button>
                );
              })}
            </div>
            <div className="pt-3">
              {source === 'form' ? (
                <p className="text-[13px] text-muted">{t('describe.formHint')}</p>
              ) : (
                <textarea
                  aria-label={t(`source.${source}`)}
                  rows={source === 'entity' ? 10 : 6}
                  spellCheck={false}
                  className={`${textareaClass} font-mono text-[12px] ${sourceIssue ? invalidInputClass : ''}`}
                  placeholder={t(`placeholder.${source}`)}
                  value={texts[source]}
                  onChange={(e) => setTexts({ ...texts, [source]: e.target.value })}
                />
              )}
              {sourceIssue && (
                <p className="mt-1 text-xs text-danger" role="alert">
                  {sourceIssue}
                </p>
              )}
              {source === 'sentence' && opts?.llm === false && (
                <p className="mt-1 text-xs text-muted">{t('describe.noLlm')}</p>
              )}
              <div className="mt-3 flex items-center gap-3">
                <button
                  type="button"
                  className={buttonClass.primary}
                  disabled={busy !== null}
                  onClick={() => void draftFromSource()}
                >
                  {busy === 'draft'
                    ? t('describe.drafting')
                    : source === 'form'
                      ? t('describe.start')
                      : t('describe.draft')}
                </button>
                {draft.fields.length > 0 && source !== 'form' && (
                  <span className="text-xs text-muted">{t('describe.replaces')}</span>
                )}
              </div>
            </div>
          </>
        )}
      </Step>

      <Step n={2} testId="ai-fields" title={t('fields.title')} hint={t('fields.hint')}>
        {parts.get('fields') && (
          <p className="mb-2 text-xs text-danger" role="alert">
            {parts.get('fields')}
          </p>
        )}
        {draft.fields.length === 0 ? (
          <p className="py-6 text-center text-[13px] text-muted">{t('fields.empty')}</p>
        ) : (
          <FieldTable
            fields={draft.fields}
            lang={lang}
            issues={cells}
            dicts={dictKeys}
            entities={entities}
            onNewDict={setNewDictFor}
            onChange={(fields, renamed) => {
              update({ fields });
              if (renamed) {
                renameRows(renamed.from, renamed.to);
                applier.renamed(renamed.from, renamed.to);
              }
            }}
          />
        )}
      </Step>

      <Step n={3} testId="ai-preview-step" title={t('preview.title')} hint={t('preview.hint')}>
        {preview && draft.fields.length > 0 ? (
          <DraftDictsProvider dicts={draftDicts}>
            <ProposalPreview entry={preview.preview} rows={rows} onRows={setRows} lang={lang} />
          </DraftDictsProvider>
        ) : (
          <p className="py-6 text-center text-[13px] text-muted">{t('preview.none')}</p>
        )}
      </Step>

      <Step n={4} testId="ai-place" title={t('place.title')} hint={t('place.hint')}>
        <div className="grid gap-4 md:grid-cols-4">
          <Field label={t('place.parent')} required issue={parts.get('menu.parent')} htmlFor="ai-parent">
            <SelectInput
              id="ai-parent"
              value={draft.menu.parent}
              className={parts.get('menu.parent') ? invalidInputClass : ''}
              onChange={(e) => update({ menu: { ...draft.menu, parent: e.target.value } })}
            >
              <option value="">—</option>
              {opts?.parents.map((p) => (
                <option key={p.key} value={p.key}>
                  {'\u3000'.repeat(p.depth)}
                  {labelOf(p.name, lang)}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field label={t('place.router')} required issue={parts.get('menu.router')} htmlFor="ai-router">
            <input
              id="ai-router"
              className={`${inputClass} font-mono ${parts.get('menu.router') ? invalidInputClass : ''}`}
              value={draft.menu.router}
              placeholder="/shop/supplier"
              onChange={(e) => {
                routerTouched.current = true;
                update({ menu: { ...draft.menu, router: e.target.value.trim() } });
              }}
            />
          </Field>
          <Field label={t('place.orderNum')} required issue={parts.get('menu.orderNum')} htmlFor="ai-order">
            <input
              id="ai-order"
              inputMode="numeric"
              className={`${inputClass} ${parts.get('menu.orderNum') ? invalidInputClass : ''}`}
              value={draft.menu.orderNum}
              onChange={(e) => update({ menu: { ...draft.menu, orderNum: e.target.value.trim() } })}
            />
          </Field>
          <Field label={t('place.icon')} required issue={parts.get('menu.icon')} htmlFor="ai-icon">
            <IconPicker
              id="ai-icon"
              value={draft.menu.icon}
              invalid={!!parts.get('menu.icon')}
              onChange={(icon) => update({ menu: { ...draft.menu, icon } })}
            />
          </Field>
        </div>
        <fieldset className="mt-4">
          <legend className="mb-1.5 text-[13px] text-muted">
            <span className="mr-0.5 text-danger">*</span>
            {t('place.permissions')}
          </legend>
          <div className="flex flex-wrap gap-4">
            {PERMISSIONS.map((p) => (
              <label key={p} className="inline-flex items-center gap-1.5 text-[13px] text-ink">
                <input
                  type="checkbox"
                  className="h-3.5 w-3.5 accent-primary"
                  checked={draft.permissions.includes(p)}
                  onChange={(e) =>
                    update({
                      permissions: e.target.checked
                        ? PERMISSIONS.filter((x) => x === p || draft.permissions.includes(x))
                        : draft.permissions.filter((x) => x !== p),
                    })
                  }
                />
                {t(`permission.${p}`)} <span className="font-mono text-xs text-faint">{p}</span>
              </label>
            ))}
          </div>
          {parts.get('permissions') && (
            <p className="mt-1 text-xs text-danger" role="alert">
              {parts.get('permissions')}
            </p>
          )}
        </fieldset>
      </Step>

      <div
        className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-5 py-3 shadow-panel"
        data-testid="ai-apply"
      >
        <div className="min-w-0 flex-1 text-[13px]">
          {otherIssues.length > 0 ? (
            <span className="text-danger" role="alert">
              {otherIssues.map(([p, m]) => `${p}: ${m}`).join(' · ')}
            </span>
          ) : shownIssues.length > 0 ? (
            <span className="text-danger">{t('apply.issues', { count: shownIssues.length })}</span>
          ) : (
            <span className="text-muted">
              {evolving
                ? t('apply.evolveHint')
                : t('apply.hint', { prefix: draft.module && draft.name ? `${draft.module}/${draft.name}` : '…' })}
            </span>
          )}
        </div>
        {opts && !opts.canApply && <span className="text-xs text-muted">{t('apply.superOnly')}</span>}
        <button
          type="button"
          className={buttonClass.primary}
          disabled={busy !== null || applier.busy || !opts?.canApply || draft.fields.length === 0}
          onClick={() => void apply()}
        >
          {applier.busy ? t('apply.applying') : evolving ? t('apply.evolve') : t('apply.apply')}
        </button>
      </div>

      {applier.dialogs}
      {removing && (
        <RemoveEntityDialog
          prefix={evolving}
          onClose={() => setRemoving(false)}
          onRemoved={() => {
            setRemoving(false);
            void Promise.all([mutate(EPS_KEY), mutate(PERMMENU_KEY), mutate(OPTIONS_KEY)]);
            void evolve('');
          }}
        />
      )}
      {newDictFor !== null &&
        draft.fields[newDictFor] &&
        (() => {
          const field = draft.fields[newDictFor];
          const label =
            typeof field.label === 'object' ? labelOf(field.label, lang) || field.name : field.label || field.name;
          return (
            <NewDictDialog
              fieldType={field.type === 'integer' ? 'integer' : 'string'}
              fieldLabel={label}
              existing={dictKeys}
              initial={field.dict && field.dictEntries ? { key: field.dict, entries: field.dictEntries } : undefined}
              onClose={() => setNewDictFor(null)}
              onDone={({ key, entries }) => {
                setNewDictFor(null);
                update({
                  fields: draft.fields.map((f, i) =>
                    i === newDictFor ? { ...f, dict: key, dictEntries: entries } : f,
                  ),
                });
              }}
            />
          );
        })()}
    </div>
  );
}
