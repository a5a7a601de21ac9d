import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import * as s from './onboarding-panel.styles.ts';

/** An onboarding step: icon, title and body on the left, the form on the right (spec 2). */
export function OnboardingPanel({
  icon,
  title,
  body,
  step,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: ReactNode;
  step?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div css={s.panel}>
      <div>
        <span css={s.icon}>{icon}</span>
        {step ? <p css={s.step}>{step}</p> : null}
        <h1 css={s.title}>{title}</h1>
        <div css={s.body}>{body}</div>
      </div>
      <div css={s.form}>{children}</div>
    </div>
  );
}
