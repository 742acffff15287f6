import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType, UiSchema } from '@rjsf/utils';
import type { FormFieldOptions } from '../../engine/eps-form';
import { errorIdOf, labelIdOf } from '../../widgets/form-widgets';

/** Label on top, the widget, then its errors: a compact vertical field for the two-column form grid. */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, children, rawErrors, hidden, fieldPathId } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  // The root object only lays out its properties.
  if (fieldPathId.path.length === 0) return <>{children}</>;
  const errors = (rawErrors ?? []).filter(Boolean);
  const name = String(fieldPathId.path[fieldPathId.path.length - 1]);
  return (
    <div className="min-w-0" data-field={name} data-invalid={errors.length > 0 || undefined}>
      <label id={labelIdOf(id)} htmlFor={id} className="mb-1 block text-[13px] font-medium text-ink">
        {label}
        {required && (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {errors.length > 0 && (
        <ul id={errorIdOf(id)} className="mt-1 space-y-0.5" role="alert" data-testid={`error-${name}`}>
          {errors.map((e, i) => (
            <li key={i} className="text-xs text-danger">
              {e}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function spanOf(uiSchema: UiSchema | undefined, name: string): number {
  const opts = (uiSchema?.[name] as { 'ui:options'?: Partial<FormFieldOptions> } | undefined)?.['ui:options'];
  return opts?.span ?? 24;
}

/** The form grid: two columns on wider screens; fields with span 24 take a whole row. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  return (
    <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
      {props.properties
        .filter((p) => !p.hidden)
        .map((p) => (
          <div key={p.name} className={spanOf(props.uiSchema, p.name) >= 24 ? 'sm:col-span-2' : ''}>
            {p.content}
          </div>
        ))}
    </div>
  );
}

/** Errors are shown on their fields; no list at the top. */
const ErrorListTemplate = () => null;

export const formTemplates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate, ErrorListTemplate };
