import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { EPS_KEY, useEps } from '../../engine/eps';
import { PERMMENU_KEY } from '../../engine/menu';
import { useDicts } from '../../engine/dict';
import { request, RequestError } from '../../engine/request';
import { toast } from '../../shell/toast';
import { labelOf } from '../../widgets/label-of';
import { downloadSchema } from './schema-download';
import { useApply } from './use-apply';
import {
  emptyDraft,
  formIssues,
  fromProposal,
  draftDictData,
  placeIssues,
  renameInRows,
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

export const OPTIONS_KEY = '/admin/base/coding/options';
/** Codes of the page's own checks (formIssues); the server's messages are shown as they come. */
const LOCAL_ISSUES = ['required', 'slash', 'integer', 'onePermission', 'noFields'];

/** What each way of describing sends as its text. */
export const TEXT_KEY: Partial<Record<Source, string>> = {
  json: 'sample',
  csv: 'csv',
  entity: 'entity',
  sentence: 'sentence',
};

/** The parts of the form an issue can name; any other shows in the apply bar. */
const FORM_PARTS = [
  'module',
  'name',
  'title',
  'fields',
  'menu.parent',
  'menu.router',
  'menu.icon',
  'menu.orderNum',
  'permissions',
  'from',
  '(body)',
];

/**
 * The AI-code page's state and actions, without its looks (ai-code-screen.tsx and its steps draw them): the draft
 * being described, drafted again on every change (debounced) for the server's checks and the preview; the entity
 * being evolved; the issues sorted by where they show; apply, export and remove.
 */
export function useAiCode() {
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
      toast.failure(e);
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
      toast.failure(e);
    }
  };

  const exportSchema = () => downloadSchema(evolving);

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
  const { cells, parts } = useMemo(
    () => placeIssues(shownIssues, draft.fields, (m) => (LOCAL_ISSUES.includes(m) ? t(`issue.${m}`) : m)),
    [shownIssues, draft.fields, t],
  );

  const entities = useMemo(
    () => eps.entries.filter((e) => e.joinery && e.api.some((a) => a.path === '/list' || a.path === '/page')),
    [eps.entries],
  );
  const dictKeys = useMemo(() => Object.keys(dicts.data ?? {}).sort(), [dicts.data]);
  // The new dictionaries the proposal carries, so the preview labels their values before they exist.
  const draftDicts = useMemo(() => draftDictData(draft.fields, lang), [draft.fields, lang]);
  const opts = options.data;
  const sourceIssue = parts.get(TEXT_KEY[source] ?? '') ?? parts.get('from') ?? parts.get('(body)');
  const otherIssues = [...parts.entries()].filter(([p]) => !FORM_PARTS.includes(p) && p !== TEXT_KEY[source]);

  const renameRows = (from: string, to: string) => setRows((rs) => renameInRows(rs, from, to));

  return {
    lang,
    opts,
    source,
    setSource,
    texts,
    setTexts,
    draft,
    update,
    rows,
    setRows,
    preview,
    busy,
    draftFromSource,
    evolving,
    evolve,
    exportSchema,
    applier,
    apply,
    shownIssues,
    cells,
    parts,
    sourceIssue,
    otherIssues,
    entities,
    dictKeys,
    draftDicts,
    renameRows,
    newDictFor,
    setNewDictFor,
    removing,
    setRemoving,
    nameInput,
    routerTouched,
    /** After the entity was removed: the menu and screens without it, and the form back to a new entity. */
    removed: () => {
      setRemoving(false);
      void Promise.all([mutate(EPS_KEY), mutate(PERMMENU_KEY), mutate(OPTIONS_KEY)]);
      void evolve('');
    },
  };
}

export type AiCode = ReturnType<typeof useAiCode>;
