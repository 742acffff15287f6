import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Media values: one URL, a JSON list of URLs, or a comma-separated list. */
export function mediaUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  if (typeof value !== 'string' || value === '') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One thumbnail; a picture that fails to load becomes a quiet placeholder, not a broken image. */
export function Thumb({ url, size = 36 }: { url: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const { t } = useTranslation('entity');
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      title={url}
      className="inline-block shrink-0"
      onClick={(e) => e.stopPropagation()}
    >
      {broken ? (
        <span
          className="flex items-center justify-center rounded-md border border-line bg-subtle text-[10px] text-faint"
          style={{ width: size, height: size }}
        >
          {t('media.broken')}
        </span>
      ) : (
        <img
          src={url}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="rounded-md border border-line bg-subtle object-cover"
          style={{ width: size, height: size }}
        />
      )}
    </a>
  );
}

/** Thumbnails of an image or image-list cell: the first three, then "+n". */
export function ImageThumbs({ value, size = 36 }: { value: unknown; size?: number }) {
  const urls = mediaUrls(value);
  if (urls.length === 0) return <span className="text-faint">—</span>;
  return (
    <span className="inline-flex items-center gap-1">
      {urls.slice(0, 3).map((u, i) => (
        <Thumb key={i} url={u} size={size} />
      ))}
      {urls.length > 3 && <span className="text-xs text-muted">+{urls.length - 3}</span>}
    </span>
  );
}

/** The last path segment of a URL, decoded when it is valid percent-encoding. */
export function fileName(url: string): string {
  const last = url.split('?')[0].split('/').pop() || url;
  try {
    return decodeURIComponent(last);
  } catch (error) {
    if (error instanceof URIError) return last;
    throw error;
  }
}

/** A file or video link showing the file name. */
export function FileLink({ value, video }: { value: unknown; video?: boolean }) {
  const urls = mediaUrls(value);
  if (urls.length === 0) return <span className="text-faint">—</span>;
  return (
    <span className="inline-flex min-w-0 flex-col">
      {urls.map((u, i) => (
        <a
          key={i}
          href={u}
          target="_blank"
          rel="noreferrer"
          className="truncate text-primary hover:underline"
          title={u}
          onClick={(e) => e.stopPropagation()}
        >
          {video ? '▶ ' : ''}
          {fileName(u)}
        </a>
      ))}
    </span>
  );
}
