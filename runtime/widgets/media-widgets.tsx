import type { WidgetProps } from '@rjsf/utils';
import { epsOptions, invalid } from './form-widgets';
import { mediaUrls } from './media-thumbs';
import { UploadPicker } from './upload-picker';

/*
 * The form's file fields, all through one UploadPicker: upload (button, drop, paste, with progress), choose from the
 * file space, or paste a link.
 */

/** One picture, video or file: the field holds its URL. */
export function MediaWidget(props: WidgetProps) {
  const kind = epsOptions(props)?.kind;
  const url = typeof props.value === 'string' && props.value !== '' ? props.value : undefined;
  return (
    <UploadPicker
      id={props.id}
      label={props.label}
      value={url ? [url] : []}
      max={1}
      accept={kind === 'image' ? 'image' : kind === 'video' ? 'video' : 'file'}
      disabled={props.readonly || props.disabled}
      invalid={invalid(props)}
      onChange={(urls) => props.onChange(urls[0] ?? undefined)}
    />
  );
}

/** Several pictures (at most the schema's maxItems, 9 by SPEC §9), in the order dragged. */
export function ImagesWidget(props: WidgetProps) {
  const urls = Array.isArray(props.value)
    ? props.value.filter((v: unknown): v is string => typeof v === 'string' && v !== '')
    : mediaUrls(props.value);
  const maxItems = typeof props.schema.maxItems === 'number' ? props.schema.maxItems : 9;
  return (
    <UploadPicker
      id={props.id}
      label={props.label}
      value={urls}
      max={maxItems}
      accept="image"
      disabled={props.readonly || props.disabled}
      invalid={invalid(props)}
      onChange={(next) => props.onChange(next.length === 0 ? undefined : next)}
    />
  );
}
