import { lazy, Suspense, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedExtensions, formatBytes, type UploadAccept } from '../engine/upload';
import { HeldFiles, tile } from './held-files';
import { useUploads } from './use-uploads';
import { buttonClass, inputClass, invalidInputClass } from './ui-classes';

const SpacePicker = lazy(() => import('./space-picker').then((m) => ({ default: m.SpacePicker })));

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
  const { mode, pending, problems, room, add, send } = useUploads({ value, onChange, max, accept, check });
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [linking, setLinking] = useState(false);
  const [link, setLink] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const size = inline ? 36 : small ? 48 : 80;
  const extensions = acceptedExtensions(mode, accept);
  const addLink = () => {
    if (!link.trim()) return;
    add([link.trim()]);
    setLink('');
    setLinking(false);
  };

  const onDrop = (e: DragEvent) => {
    setDragOver(false);
    // A tile dragged into another place carries no files (held-files.tsx handles it).
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
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

  return (
    // A group named by the field: files can be dropped or pasted onto it as well as chosen with its buttons.
    <fieldset
      id={id}
      aria-label={label}
      data-upload-picker={accept}
      tabIndex={-1}
      onPaste={onPaste}
      onDragOver={(e) => {
        if (!disabled && e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragOver(true);
        }
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
      className={`min-w-0 rounded-md ${inline ? 'flex items-center gap-2' : ''} ${dragOver ? 'outline-2 outline-dashed outline-primary' : ''}`}
    >
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        <HeldFiles
          value={value}
          onChange={onChange}
          pending={pending}
          max={max}
          accept={accept}
          size={size}
          small={small}
          disabled={disabled}
        />
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
