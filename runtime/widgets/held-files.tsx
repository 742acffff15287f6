import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadAccept } from '../engine/upload';
import { FileLink, Thumb } from './media-thumbs';
import type { Pending } from './use-uploads';

export const tile = 'relative flex shrink-0 items-center justify-center overflow-hidden rounded-md border';

/**
 * The files a field holds, as tiles (a picture, a video frame, a link) that can be dragged into order and removed,
 * then the uploads under way with their progress. Items of the picker's list.
 */
export function HeldFiles({
  value,
  onChange,
  pending,
  max,
  accept,
  size,
  small,
  disabled,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  pending: Pending[];
  max: number;
  accept: UploadAccept;
  size: number;
  small?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('entity');
  const [dragging, setDragging] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (from === to) return;
    const next = [...value];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url);
    onChange(next);
  };
  return (
    <>
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
    </>
  );
}
