/** Labelled form fields; the error is linked with aria-describedby and announced when it appears. */
import { css } from '@emotion/react';
import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { colors, fontSize } from './theme.ts';

const fieldWrap = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 16px;
`;

const labelStyle = css`
  font-weight: 600;
`;

const controlStyle = css`
  font: inherit;
  padding: 10px 12px;
  min-height: 44px;
  border: 1px solid ${colors.inputBorder};
  border-radius: 6px;
  background: ${colors.background};
  color: ${colors.text};
  width: 100%;
  &[aria-invalid='true'] {
    border-color: ${colors.error};
    border-width: 2px;
  }
`;

export const errorTextStyle = css`
  color: ${colors.error};
  font-size: ${fontSize.md};
  margin: 0;
`;

const hintStyle = css`
  color: ${colors.muted};
  font-size: ${fontSize.md};
  margin: 0;
`;

interface FieldExtras {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** A status line under the field that is not an error (e.g. 'Deze naam is beschikbaar.'). */
  status?: ReactNode;
  /** Between the label and the control (the formatting toolbar of a text box). */
  above?: ReactNode;
}

/** What the label, hint, error and status lines need from the control they describe. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

const describedBy = (ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** The label above a control, and its hint, error and status lines below, linked by id. */
function FieldFrame({
  field,
  children,
}: {
  field: FieldExtras & { id: string | undefined };
  children: (control: ControlProps) => ReactNode;
}) {
  const { label, error, hint, status, above, id } = field;
  const generated = useId();
  const inputId = id ?? generated;
  const [errorId, hintId, statusId] = [`${inputId}-error`, `${inputId}-hint`, `${inputId}-status`];
  return (
    <div css={fieldWrap}>
      <label htmlFor={inputId} css={labelStyle}>
        {label}
      </label>
      {above}
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy([
          hint ? hintId : null,
          error ? errorId : null,
          status ? statusId : null,
        ]),
      })}
      {hint ? (
        <p id={hintId} css={hintStyle}>
          {hint}
        </p>
      ) : null}
      <p id={errorId} css={errorTextStyle} role="alert" hidden={!error}>
        {error}
      </p>
      {status ? (
        <p id={statusId} css={hintStyle} role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}

/** Separates the label, messages and id from the control's own attributes. */
const splitField = <P extends FieldExtras & { id?: string | undefined }>({
  label,
  error,
  hint,
  status,
  above,
  id,
  ...control
}: P) => [{ label, error, hint, status, above, id }, control] as const;

export function TextField(props: InputHTMLAttributes<HTMLInputElement> & FieldExtras) {
  const [field, input] = splitField(props);
  return (
    <FieldFrame field={field}>{(control) => <input {...control} css={controlStyle} {...input} />}</FieldFrame>
  );
}

const textAreaStyle = [
  controlStyle,
  css`
    min-height: 120px;
    resize: vertical;
  `,
];

export function TextAreaField(props: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldExtras) {
  const [field, textarea] = splitField(props);
  return (
    <FieldFrame field={field}>
      {(control) => <textarea {...control} css={textAreaStyle} {...textarea} />}
    </FieldFrame>
  );
}
