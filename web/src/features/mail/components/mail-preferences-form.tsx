import { css } from '@emotion/react';
import { type MailKind, mailKind } from '@kring/contract';
import { useId, useState } from 'react';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { nlMail } from '../../../messages/mail.ts';
import { useMailPreferences } from '../api/get-mail-preferences.ts';
import { useUpdateMailPreferences } from '../api/update-mail-preferences.ts';

const t = nlMail.preferences;

const option = css`
  display: grid;
  grid-template-columns: 24px 1fr;
  column-gap: 12px;
  align-items: start;
  padding: 14px 0;
  border-bottom: 1px solid ${colors.border};
  &:last-of-type {
    border-bottom: 0;
  }
  input {
    width: 22px;
    height: 22px;
    margin: 1px 0 0;
    accent-color: ${colors.primary};
  }
  label {
    font-weight: 600;
    cursor: pointer;
  }
  p {
    grid-column: 2;
    margin: 4px 0 0;
    color: ${colors.muted};
    font-size: ${fontSize.md};
  }
`;

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/** The three mail switches; each change is saved at once and confirmed in a status line. */
export function MailPreferencesForm() {
  const { data: preferences, error } = useMailPreferences();
  const save = useUpdateMailPreferences();
  const [status, setStatus] = useState<Status>('idle');
  const id = useId();

  if (!preferences) {
    return error ? <FormMessage kind="error">{t.loadFailed}</FormMessage> : <Spinner size={32} />;
  }

  const toggle = async (kind: MailKind) => {
    setStatus('saving');
    try {
      await save({ ...preferences, [kind]: !preferences[kind] });
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <fieldset
        css={css`
          border: 1px solid ${colors.border};
          border-radius: 8px;
          padding: 4px 16px;
          margin: 0 0 16px;
        `}
      >
        <legend
          css={css`
            font-weight: 700;
            padding: 0 4px;
          `}
        >
          {t.legend}
        </legend>
        {mailKind.options.map((kind) => (
          <div key={kind} css={option}>
            <input
              type="checkbox"
              id={`${id}-${kind}`}
              name={kind}
              checked={preferences[kind]}
              onChange={() => void toggle(kind)}
              aria-describedby={`${id}-${kind}-hint`}
            />
            <label htmlFor={`${id}-${kind}`}>{t.kinds[kind].label}</label>
            <p id={`${id}-${kind}-hint`}>{t.kinds[kind].hint}</p>
          </div>
        ))}
      </fieldset>
      <p
        role="status"
        css={css`
          min-height: 1.5em;
          margin: 0;
          color: ${status === 'failed' ? colors.error : status === 'saved' ? colors.success : colors.muted};
        `}
      >
        {status === 'saving'
          ? t.saving
          : status === 'saved'
            ? t.saved
            : status === 'failed'
              ? t.saveFailed
              : ''}
      </p>
    </form>
  );
}
