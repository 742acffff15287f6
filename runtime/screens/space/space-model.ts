import { useRef, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { client } from '../../engine/client';
import type { Page, SpaceInfo, SpaceInfoPageQuery } from '../../engine/client.generated';
import { fileProblem, uploadFile, useUploadMode } from '../../engine/upload';
import { toast } from '../../shell/toast';
import type { Folder } from './folder-tree';

/** A file as page lists it: the record and the uploader's name joined. */
export type SpaceFile = SpaceInfo & { userName?: string | null };
export const files$ = client.space.info;
export const folders$ = client.space.type;
export type Upload = { key: number; name: string; progress: number };
/** What the folder dialog edits: a new folder (under `parentId`) or a rename (`id`). */
export type FolderDraft = { id?: number; name: string; parentId?: number | null };
export type Confirming = { what: 'files'; ids: number[] } | { what: 'folder'; folder: Folder };
export type SpaceView = 'grid' | 'list';

export const PAGE_SIZE = 40;
export const KINDS = ['image', 'video', 'audio', 'pdf', 'word', 'excel', 'ppt', 'zip', 'other'];
let uploads = 0;

export const extOf = (f: SpaceFile) => (f.url.split('?')[0].split('.').pop() ?? '').toLowerCase();
export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The file space's state and actions, without its looks (the screen and its parts draw them): the open folder,
 * the search, the page, the selection, uploads under way, and which dialog is open.
 */
export function useSpace() {
  const { t } = useTranslation('space');
  const mode = useUploadMode();
  const [folder, setFolderState] = useState<number | null>(null);
  const [kind, setKindState] = useState('');
  const [keyWord, setKeyWordState] = useState('');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<SpaceView>('grid');
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<Upload[]>([]);
  const [viewing, setViewing] = useState<SpaceFile | null>(null);
  const [folderDialog, setFolderDialog] = useState<FolderDraft | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const folders = useSWR<Folder[]>('space/type/list', () => folders$.list());
  const query: SpaceInfoPageQuery = {
    page,
    size: PAGE_SIZE,
    order: 'createTime',
    sort: 'desc',
    ...(folder !== null ? { classifyId: folder } : {}),
    ...(kind ? { type: kind } : {}),
    ...(keyWord ? { keyWord } : {}),
  };
  const files = useSWR<Page<SpaceFile>>(['space/info/page', JSON.stringify(query)], () => files$.page(query), {
    keepPreviousData: true,
  });
  const total = files.data?.pagination.total ?? 0;
  const folderName = (id: number | null) => folders.data?.find((f) => f.id === id)?.name ?? t('noFolder');

  const refresh = async () => {
    setSelected([]);
    await Promise.all([files.mutate(), folders.mutate()]);
  };

  /** Uploads the files into the open folder, each with its progress; a file the upload rules refuse is named. */
  const send = async (picked: File[]) => {
    const ok = picked
      .filter((f) => {
        const problem = fileProblem(f, mode, 'file');
        if (problem) toast.error(problem);
        return !problem;
      })
      .slice(0, mode?.maxFiles ?? 9);
    if (ok.length === 0) return;
    let done = 0;
    await Promise.all(
      ok.map(async (file) => {
        const key = ++uploads;
        setPending((p) => [...p, { key, name: file.name, progress: 0 }]);
        try {
          await uploadFile(file, {
            classifyId: folder ?? undefined,
            onProgress: (progress) => setPending((p) => p.map((u) => (u.key === key ? { ...u, progress } : u))),
          });
          done++;
        } catch (e) {
          toast.failure(e, (message) => `${file.name}: ${message}`);
        } finally {
          setPending((p) => p.filter((u) => u.key !== key));
        }
      }),
    );
    if (done) {
      toast.success(t('uploaded', { count: done }));
      setPage(1);
      await refresh();
    }
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      await refresh();
    } catch (e) {
      toast.failure(e);
    }
  };

  return {
    folders: folders.data ?? [],
    files,
    list: files.data?.list ?? [],
    total,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    folder,
    kind,
    page,
    view,
    selected,
    pending,
    viewing,
    folderDialog,
    confirming,
    fileInput,
    folderName,
    refresh,
    send,
    setPage,
    setView,
    setViewing,
    setFolderDialog,
    setConfirming,
    /** Opens a folder (null: all files) at its first page, nothing selected. */
    openFolder: (id: number | null) => {
      setFolderState(id);
      setPage(1);
      setSelected([]);
    },
    setKind: (value: string) => {
      setKindState(value);
      setPage(1);
    },
    search: (value: string) => {
      setKeyWordState(value.trim());
      setPage(1);
    },
    toggle: (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    move: (target: number) =>
      act(
        () => Promise.all(selected.map((id) => files$.update({ id, classifyId: target }))),
        t('moved', { count: selected.length, folder: folderName(target) }),
      ),
    /** Carries out the delete the confirmation asked about. */
    confirmDelete: (c: Confirming) => {
      if (c.what === 'files') void act(() => files$.delete(c.ids), t('deleted', { count: c.ids.length }));
      else
        void act(
          async () => {
            await folders$.delete([c.folder.id]);
            if (folder === c.folder.id) setFolderState(null);
          },
          t('folder.deleted', { name: c.folder.name }),
        );
    },
  };
}

export type Space = ReturnType<typeof useSpace>;
