import { css } from '@emotion/react';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { safeHref } from '../../../lib/safe-link.ts';
import { nlContent } from '../../../messages/content.ts';
import type { Research } from '../api/types.ts';
import { EntryLead, EntryMeta } from './entry-text.tsx';

/** A research publication: date, summary, text, and its pdf and external link when there are. */
export function ResearchBody({ entry }: { entry: Research }) {
  return (
    <article>
      {entry.publishDate ? <EntryMeta>{formatDate(entry.publishDate)}</EntryMeta> : null}
      <EntryLead>{entry.summary}</EntryLead>
      {entry.body ? <Markdown source={entry.body} /> : null}
      <p
        css={css`
          display: flex;
          gap: 16px;
          flex-wrap: wrap;
        `}
      >
        {safeHref(entry.pdfUrl) ? (
          <a href={safeHref(entry.pdfUrl)!} download>
            {nlContent.downloadPdf}
          </a>
        ) : null}
        {safeHref(entry.externalUrl) ? (
          <a href={safeHref(entry.externalUrl)!} rel="noopener noreferrer">
            {nlContent.externalLink}
          </a>
        ) : null}
      </p>
    </article>
  );
}
