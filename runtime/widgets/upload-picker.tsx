import { lazy, Suspense, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acceptedExtensions,
  fileProblem,
  formatBytes,
  uploadFile,
  useUploadMode,
  type UploadAccept,
} from '../engine/upload';
import { FileLink, Thumb } from './media-thumbs';
import { buttonClass, inputClass, invalidInputClass } from './ui-classes';

const SpacePicker = lazy(() => import('./space-picker').then((m) => ({ default: m.SpacePicker })));

type Pending = { key: number; name: string; progress: number };

export type UploadPickerProps = {
  id: string;
  /** The URLs held, in order. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** How many the field holds (1 for a single file; 9 for a gallery by SPEC). */
  max: number;
  accept: UploadAccept;
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Small tiles (48 px), for dense forms. */
  small?: boolean;
  /** One line, for a table cell: a 36 px tile beside the choose and link buttons, no hint line. */
  inline?: boolean;
  /** A check of the form's own before a file is sent (after the server's limits): the reason it is refused, or undefined. */
  check?: (file: File) => string | undefined;
  /** Custom content of the add button (a drop area, an "attach" button…), in place of the "+" tile. */
  trigger?: ReactNode;
};

let keys = 0;

/**
 * The one file widget of every form: upload (button, drop, paste; progress per file; size and kind checked against
 * the server's limits before sending), choose from the file space, or paste a link; several files are tiles that
 * can be dragged into order and removed.
 */
export function UploadPicker({
  id,
  value,
  onChange,
  max,
  accept,
  label,
  disabled,
  invalid,
  small,
  inline,
  check,
  trigger,
}: UploadPickerProps) {
  const { t } = useTranslation('entity');
  const mode = useUploadMode();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const [linking, setLinking] = useState(false);
  const [link, setLink] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  // The latest value, for uploads that finish after other changes.
  const current = useRef(value);
  current.current = value;
  const room = Math.max(0, max - value.length - pending.length);
  const size = inline ? 36 : small ? 48 : 80;
  const extensions = acceptedExtensions(mode, accept);

  // Uploads finishing together each add to what the one before added (the prop catches up a render later).
  const add = (urls: string[]) => {
    const next = max === 1 ? urls.slice(-1) : [...current.current, ...urls].slice(0, max);
    current.current = next;
    onChange(next);
  };
  const addLink = () => {
    if (!link.trim()) return;
    add([link.trim()]);
    setLink('');
    setLinking(false);
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

  const onDrop = (e: DragEvent) => {
    setDragOver(false);
    if (dragging !== null || disabled) return;
    e.preventDefault();
    const files = [...e.dataTransfer.files];
    if (files.length) void send(files);
  };
  const onPaste = (e: ClipboardEvent) => {
    if (disabled) return;
    const files = [...e.clipboardData.files];
    if (files.length) {
      e.preventDefault();
      void send(files);
    }
  };
  const move = (from: number, to: number) => {
    if (from === to) return;
    const next = [...value];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url);
    onChange(next);
  };

  const tile = `relative flex shrink-0 items-center justify-center overflow-hidden rounded-md border`;
  return (
    // A group named by the field: files can be dropped or pasted onto it as well as chosen with its buttons.
    <fieldset
      id={id}
      aria-label={label}
      data-upload-picker={accept}
      tabIndex={-1}
      onPaste={onPaste}
      onDragOver={(e) => {
        if (dragging === null && !disabled && e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragOver(true);
        }
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
      className={`min-w-0 rounded-md ${inline ? 'flex items-center gap-2' : ''} ${dragOver ? 'outline-2 outline-dashed outline-primary' : ''}`}
    >
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {value.map((url, i) => (
          <li
            key={`${url}-${i}`}
            data-url={url}
            draggable={!disabled && max > 1}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => {
              if (dragging !== null) e.preventDefault();
            }}
            onDrop={(e) => {
              if (dragging !== null) {
                e.preventDefault();
                e.stopPropagation();
                move(dragging, i);
                setDragging(null);
              }
            }}
            className={`${tile} group border-line bg-subtle ${accept === 'image' ? '' : 'px-2'} ${dragging === i ? 'opacity-40' : ''} ${max > 1 && !disabled ? 'cursor-grab' : ''}`}
            style={accept === 'image' ? { width: size, height: size } : { height: small ? 32 : 40, maxWidth: 260 }}
          >
            {accept === 'image' ? (
              <Thumb url={url} size={size} />
            ) : accept === 'video' ? (
              <video src={url} preload="metadata" muted className="h-full max-w-[200px]" />
            ) : (
              <span className="truncate text-[13px]">
                <FileLink value={url} />
              </span>
            )}
            {!disabled && (
              <button
                type="button"
                aria-label={t('upload.remove', { index: i + 1 })}
                title={t('upload.remove', { index: i + 1 })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                className="absolute top-0.5 right-0.5 hidden h-5 w-5 items-center justify-center rounded-full bg-black/60 text-[11px] text-white group-hover:flex group-focus-within:flex"
              >
                ✕
              </button>
            )}
            {max > 1 && (
              <span className="absolute bottom-0.5 left-0.5 rounded bg-black/50 px-1 text-[10px] text-white">
                {i + 1}
              </span>
            )}
          </li>
        ))}
        {pending.map((p) => (
          <li
            key={p.key}
            className={`${tile} border-primary-6 bg-primary-9`}
            style={{ width: accept === 'image' ? size : 160, height: accept === 'image' ? size : small ? 32 : 40 }}
            role="progressbar"
            aria-label={p.name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(p.progress * 100)}
          >
            <span className="relative text-xs font-medium text-primary">{Math.round(p.progress * 100)}%</span>
            <span className="absolute bottom-0 left-0 h-1 bg-primary" style={{ width: `${p.progress * 100}%` }} />
          </li>
        ))}
        {!disabled && (room > 0 || max === 1) && trigger !== undefined && (
          <li className="basis-full">
            {/* Named by what it shows, then what it uploads to (WCAG 2.5.3: the visible words are in the name). */}
            <button type="button" onClick={() => input.current?.click()} className="block w-full text-left">
              {trigger}
              <span className="sr-only"> {t('upload.choose', { label })}</span>
            </button>
          </li>
        )}
        {!disabled && (room > 0 || max === 1) && trigger === undefined && (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              className={`${tile} flex-col gap-0.5 border-dashed ${invalid ? 'border-danger' : 'border-line-strong'} bg-surface text-muted hover:border-primary hover:text-primary`}
              style={
                accept === 'image' ? { width: size, height: size } : { height: small ? 32 : 40, padding: '0 12px' }
              }
            >
              <span className="text-lg leading-none" aria-hidden="true">
                +
              </span>
              {small || inline ? (
                <span className="sr-only">{t('upload.choose', { label })}</span>
              ) : (
                <span className="text-[11px]">
                  {max === 1 && value.length === 1 ? t('upload.replace') : t('upload.upload')}
                  <span className="sr-only"> {label}</span>
                </span>
              )}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        hidden
        multiple={max > 1}
        accept={extensions.join(',') || undefined}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void send(files);
        }}
      />
      {!disabled && (
        <div
          className={`${inline ? 'flex-col items-start' : 'mt-1.5 flex-wrap items-center'} flex gap-x-3 gap-y-0.5 text-xs`}
        >
          <button type="button" className={buttonClass.link} onClick={() => setPicking(true)}>
            {t('upload.fromSpace')}
          </button>
          <button
            type="button"
            className={buttonClass.link}
            onClick={() => setLinking((l) => !l)}
            aria-expanded={linking}
          >
            {t('upload.byLink')}
          </button>
          <span className={inline ? 'sr-only' : 'text-faint'}>
            {max > 1 ? t('upload.limitMany', { count: max }) : ''}
            {mode ? `${max > 1 ? ' · ' : ''}${t('upload.limitSize', { size: formatBytes(mode.maxSize) })}` : ''} ·{' '}
            {t('upload.dropHint')}
          </span>
        </div>
      )}
      {linking && (
        // Not a <form>: the widget sits inside the edit dialog's form, and a nested form submitted the page (to "?").
        <fieldset className="mt-1.5 flex min-w-0 gap-2" aria-label={`${label} · ${t('upload.byLink')}`}>
          <input
            type="url"
            className={`${inputClass} ${invalid ? invalidInputClass : ''}`}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addLink();
              }
            }}
            placeholder={t('media.urlPlaceholder')}
            aria-label={`${label} · ${t('upload.byLink')}`}
          />
          <button type="button" className={buttonClass.default} onClick={addLink}>
            {t('upload.addLink')}
          </button>
        </fieldset>
      )}
      {problems.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-danger" role="alert">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
      {picking && (
        <Suspense fallback={null}>
          <SpacePicker
            accept={accept}
            room={max === 1 ? 1 : Math.max(room, 0)}
            onClose={() => setPicking(false)}
            onPick={(urls) => {
              add(urls);
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
