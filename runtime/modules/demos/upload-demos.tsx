import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shell/icons';
import { UploadPicker } from '../../widgets/upload-picker';
import { Thumb } from '../../widgets/media-thumbs';
import { buttonClass } from '../../widgets/ui-classes';
import { DemoFrame } from './demo-frame';

const SpacePicker = lazy(() => import('../../widgets/space-picker').then((m) => ({ default: m.SpacePicker })));

/** A demo of the upload picker with the props given; it holds its own value and shows it. */
function Picker({ demo, ...props }: { demo: string } & Partial<Parameters<typeof UploadPicker>[0]>) {
  const { t } = useTranslation('plugin');
  const [value, setValue] = useState<string[]>([]);
  const max = props.max ?? 1;
  return (
    <DemoFrame hint={t(`demo.upload.${demo}Hint`)} value={max === 1 ? (value[0] ?? null) : value}>
      <UploadPicker
        id={`demo-upload-${demo}`}
        value={value}
        onChange={setValue}
        max={max}
        accept={props.accept ?? 'image'}
        label={t(`demos.upload.${demo}`)}
        {...props}
      />
    </DemoFrame>
  );
}

function Base() {
  return <Picker demo="base" />;
}

function Multiple() {
  return <Picker demo="multiple" max={9} />;
}

function Small() {
  return <Picker demo="small" max={6} small />;
}

function FileDemo() {
  return <Picker demo="file" max={5} accept="file" />;
}

function Drag() {
  const { t } = useTranslation('plugin');
  return (
    <Picker
      demo="drag"
      max={9}
      accept="file"
      trigger={
        <span className="flex flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed border-line-strong bg-surface px-4 py-8 text-center text-muted hover:border-primary hover:text-primary">
          <Icon name="upload" size={28} />
          <span className="text-[13px]">{t('demo.upload.dragHere')}</span>
          <span className="text-[12px] text-faint">{t('demo.upload.dragSub')}</span>
        </span>
      }
    />
  );
}

function Custom() {
  const { t } = useTranslation('plugin');
  return (
    <Picker
      demo="custom"
      max={3}
      accept="file"
      trigger={
        <span className={`${buttonClass.default} w-fit`}>
          <Icon name="paperclip" size={15} />
          {t('demo.upload.attach')}
        </span>
      }
    />
  );
}

/** Only PNG or JPEG pictures up to 512 KB: a check of the form's own, on top of the server's limits. */
function Check() {
  const { t } = useTranslation('plugin');
  const check = (file: File) => {
    if (!/\.(png|jpe?g)$/i.test(file.name)) return t('demo.upload.checkType', { name: file.name });
    if (file.size > 512 * 1024) return t('demo.upload.checkSize', { name: file.name });
    return undefined;
  };
  return <Picker demo="check" max={3} check={check} />;
}

/** Choosing from the file space without uploading: folders on the left, the files of the kind asked for. */
function Space() {
  const { t } = useTranslation('plugin');
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string[]>([]);
  return (
    <DemoFrame hint={t('demo.upload.spaceHint')} value={value}>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass.default} onClick={() => setOpen(true)}>
          <Icon name="folder" size={15} />
          {t('demo.upload.openSpace')}
        </button>
        {value.map((url) => (
          <span key={url} className="overflow-hidden rounded-md border border-line">
            <Thumb url={url} size={56} />
          </span>
        ))}
      </div>
      {open && (
        <Suspense fallback={null}>
          <SpacePicker
            accept="image"
            room={9}
            onClose={() => setOpen(false)}
            onPick={(urls) => {
              setValue(urls);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </DemoFrame>
  );
}

/** The upload plugin's eight demos (SPEC §2), by their key under plugin:demos.upload. */
export const UPLOAD_DEMOS: Record<string, ComponentType> = {
  base: Base,
  multiple: Multiple,
  small: Small,
  file: FileDemo,
  drag: Drag,
  custom: Custom,
  check: Check,
  space: Space,
};
