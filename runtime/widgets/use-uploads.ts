import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileProblem, uploadFile, useUploadMode, type UploadAccept } from '../engine/upload';

export type Pending = { key: number; name: string; progress: number };

let keys = 0;

/**
 * A file field's uploads: files checked (count, the server's size and kind limits, the form's own check) and sent,
 * each with its progress; what is refused or fails is said in `problems`. URLs uploaded or added otherwise join the
 * value in order, up to `max` (one replaces the other when `max` is 1).
 */
export function useUploads({
  value,
  onChange,
  max,
  accept,
  check,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  accept: UploadAccept;
  check?: (file: File) => string | undefined;
}) {
  const { t } = useTranslation('entity');
  const mode = useUploadMode();
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // The latest value, for uploads that finish after other changes.
  const current = useRef(value);
  current.current = value;
  const room = Math.max(0, max - value.length - pending.length);

  // Uploads finishing together each add to what the one before added (the prop catches up a render later).
  const add = (urls: string[]) => {
    const next = max === 1 ? urls.slice(-1) : [...current.current, ...urls].slice(0, max);
    current.current = next;
    onChange(next);
  };

  const send = async (files: File[]) => {
    const found: string[] = [];
    let take = files;
    if (max > 1 && files.length > Math.max(room, 0)) {
      found.push(t('upload.tooMany', { max }));
      take = files.slice(0, Math.max(room, 0));
    }
    if (max === 1) take = files.slice(0, 1);
    if (mode && take.length > mode.maxFiles) take = take.slice(0, mode.maxFiles);
    const ok = take.filter((f) => {
      const problem = fileProblem(f, mode, accept) ?? check?.(f);
      if (problem) found.push(problem);
      return !problem;
    });
    setProblems(found);
    await Promise.all(
      ok.map(async (file) => {
        const key = ++keys;
        setPending((p) => [...p, { key, name: file.name, progress: 0 }]);
        try {
          const url = await uploadFile(file, {
            onProgress: (progress) => setPending((p) => p.map((x) => (x.key === key ? { ...x, progress } : x))),
          });
          add([url]);
        } catch (e) {
          setProblems((p) => [...p, `${file.name}: ${e instanceof Error ? e.message : String(e)}`]);
        } finally {
          setPending((p) => p.filter((x) => x.key !== key));
        }
      }),
    );
  };

  return { mode, pending, problems, room, add, send };
}
