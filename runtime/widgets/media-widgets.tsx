import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { epsOptions, invalid } from './form-widgets';
import { FileLink, Thumb, mediaUrls } from './media-thumbs';
import { buttonClass, inputClass, invalidInputClass } from './ui-classes';

/*
 * Upload widgets. The upload back end and the file space come with a later issue; until then these take a URL and
 * show what it points to, and say so, instead of offering an upload button that cannot work.
 */

function UrlInput({ props, url, onUrl }: { props: WidgetProps; url: string; onUrl: (url: string) => void }) {
  const { t } = useTranslation('entity');
  const max = (props.schema as { maxLength?: unknown }).maxLength;
  return (
    <input
      id={props.id}
      name={props.id}
      type="url"
      inputMode="url"
      className={`${inputClass} ${invalid(props) ? invalidInputClass : ''}`}
      value={url}
      maxLength={typeof max === 'number' ? max : undefined}
      placeholder={t('media.urlPlaceholder')}
      title={t('media.uploadLater')}
      readOnly={props.readonly}
      disabled={props.disabled}
      aria-invalid={invalid(props)}
      onChange={(e) => onUrl(e.target.value)}
    />
  );
}

/** One picture, video or file by URL, with a preview. */
export function MediaWidget(props: WidgetProps) {
  const kind = epsOptions(props)?.kind;
  const url = typeof props.value === 'string' ? props.value : '';
  return (
    <div>
      <div className="flex items-start gap-3">
        {kind === 'image' && (
          <span className="shrink-0">
            {url ? <Thumb url={url} size={64} /> : <span className="block h-16 w-16 rounded-md border border-dashed border-line-strong bg-subtle" />}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <UrlInput props={props} url={url} onUrl={(u) => props.onChange(u === '' ? undefined : u)} />
          {kind === 'video' && url && <video src={url} controls preload="none" className="mt-2 max-h-40 rounded-md border border-line" />}
          {kind === 'file' && url && <div className="mt-1 text-[13px]"><FileLink value={url} /></div>}
        </div>
      </div>
    </div>
  );
}

/** A list of picture URLs (at most the schema's maxItems, 9 by SPEC §9). */
export function ImagesWidget(props: WidgetProps) {
  const { t } = useTranslation('entity');
  const urls = Array.isArray(props.value) ? props.value.map((v: unknown) => (typeof v === 'string' ? v : '')) : mediaUrls(props.value);
  const maxItems = typeof props.schema.maxItems === 'number' ? props.schema.maxItems : 9;
  const set = (next: string[]) => props.onChange(next.length === 0 ? undefined : next);
  const locked = props.readonly || props.disabled;
  return (
    <div id={props.id} className="space-y-1.5">
      {urls.map((url: string, i: number) => (
        <div key={i} className="flex items-center gap-2">
          {url ? <Thumb url={url} size={32} /> : <span className="block h-8 w-8 shrink-0 rounded-md border border-dashed border-line-strong" />}
          <input
            type="url"
            className={`${inputClass} ${invalid(props) ? invalidInputClass : ''}`}
            value={url}
            maxLength={1000}
            placeholder={t('media.urlPlaceholder')}
            readOnly={locked}
            aria-label={`${props.label} ${i + 1}`}
            onChange={(e) => set(urls.map((u: string, j: number) => (j === i ? e.target.value : u)))}
          />
          {!locked && (
            <button type="button" className={buttonClass.ghost} onClick={() => set(urls.filter((_: string, j: number) => j !== i))} aria-label={t('action.remove')}>
              ✕
            </button>
          )}
        </div>
      ))}
      {!locked && urls.length < maxItems && (
        <button type="button" className={buttonClass.default} onClick={() => set([...urls, ''])}>
          + {t('media.addImage')}
        </button>
      )}
      <p className="text-xs text-faint">{t('media.limit', { count: maxItems })} · {t('media.uploadLater')}</p>
    </div>
  );
}
