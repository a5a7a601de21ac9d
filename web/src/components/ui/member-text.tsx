/**
 * A member's post or comment: their Markdown (bold, italic, links, lists, quotes, code) as React
 * elements. The syntax tree comes from `@kring/contract/markdown` (mdast-util-from-markdown, the
 * CommonMark parser the server uses for the plain text), so there is no HTML string and no
 * `dangerouslySetInnerHTML`: every piece of text is a React text node, escaped by React.
 *
 * - Raw HTML (`<b>`, `<script>`…) shows as the characters typed, as in the plain text before.
 * - Images are never loaded (no tracking pixels, no layout shift): their alt text shows, as a link
 *   when the address is safe.
 * - Only http(s) and mailto addresses become links (`safeMemberUrl`); members' links carry
 *   `rel="nofollow ugc noopener noreferrer"` and open in a new tab (spec: external links).
 * - Text that was written before Markdown renders as before: paragraphs on blank lines, single line
 *   breaks kept (`white-space: pre-line`), bare web addresses linked (linkify-it).
 * - Headings render as a bold paragraph, so a comment cannot break the page's heading outline.
 *
 * `renderText` is the hook for text nodes (outside links and code): by default it links bare web
 * addresses; @mentions plug in there.
 */
import { css } from '@emotion/react';
import type { MentionedMember } from '@kring/contract';
import {
  type MarkdownNode,
  markdownDefinitions,
  parseMarkdown,
  safeMemberUrl,
} from '@kring/contract/markdown';
import { type ReactNode, useMemo } from 'react';
import { linkified, memberLinkRel } from './plain-text.tsx';
import { colors, fontSize } from './theme.ts';

const noMentions: readonly MentionedMember[] = [];

export type TextRenderer = (text: string, key: string) => ReactNode[];

const styles = css`
  overflow-wrap: anywhere;
  p,
  ul,
  ol,
  blockquote,
  pre {
    margin: 0 0 0.75em;
  }
  p,
  li {
    white-space: pre-line;
  }
  > :last-child,
  blockquote > :last-child,
  li > :last-child {
    margin-bottom: 0;
  }
  ul,
  ol {
    padding-left: 1.5em;
  }
  blockquote {
    border-left: 3px solid ${colors.border};
    padding: 2px 0 2px 12px;
    color: ${colors.muted};
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: ${fontSize.md};
    background: ${colors.surface};
    border-radius: 4px;
    padding: 1px 4px;
  }
  pre {
    background: ${colors.surface};
    border-radius: 6px;
    padding: 8px 12px;
    overflow-x: auto;
    white-space: pre;
  }
  pre code {
    padding: 0;
  }
  hr {
    border: 0;
    border-top: 1px solid ${colors.border};
    margin: 1em 0;
  }
`;

const headingStyle = css`
  font-weight: 700;
`;

function link(url: string | null, key: string, children: ReactNode): ReactNode {
  const safe = url === null ? null : safeMemberUrl(url);
  if (!safe) return <span key={key}>{children}</span>;
  return (
    <a key={key} href={safe} rel={memberLinkRel} target="_blank">
      {children}
    </a>
  );
}

interface RenderContext {
  definitions: Map<string, string>;
  renderText: TextRenderer;
  inLink: boolean;
}

type NodeOf<T extends MarkdownNode['type']> = Extract<MarkdownNode, { type: T }>;

function renderList(node: NodeOf<'list'>, key: string, ctx: RenderContext): ReactNode {
  const items = renderNodes(node.children, key, ctx);
  return node.ordered ? (
    <ol key={key} start={node.start ?? undefined}>
      {items}
    </ol>
  ) : (
    <ul key={key}>{items}</ul>
  );
}

function renderListItem(node: NodeOf<'listItem'>, key: string, ctx: RenderContext): ReactNode {
  // A tight list item's paragraph would add margins between the bullets: its content goes inline.
  return (
    <li key={key}>
      {node.spread
        ? renderNodes(node.children, key, ctx)
        : node.children.map((child, i) =>
            child.type === 'paragraph'
              ? renderNodes(child.children, `${key}.${i}`, ctx)
              : renderNode(child, `${key}.${i}`, ctx),
          )}
    </li>
  );
}

function renderNodes(nodes: MarkdownNode[], key: string, ctx: RenderContext): ReactNode[] {
  return nodes.map((node, i) => renderNode(node, `${key}.${i}`, ctx));
}

function renderNode(node: MarkdownNode, key: string, ctx: RenderContext): ReactNode {
  const kids = () => ('children' in node ? renderNodes(node.children, key, ctx) : null);
  switch (node.type) {
    case 'root':
      return kids();
    case 'text':
      return ctx.inLink ? node.value : ctx.renderText(node.value, key);
    case 'paragraph':
      return <p key={key}>{kids()}</p>;
    case 'heading':
      return (
        <p key={key} css={headingStyle}>
          {kids()}
        </p>
      );
    case 'strong':
      return <strong key={key}>{kids()}</strong>;
    case 'emphasis':
      return <em key={key}>{kids()}</em>;
    case 'delete':
      return <del key={key}>{kids()}</del>;
    case 'inlineCode':
      return <code key={key}>{node.value}</code>;
    case 'code':
      return (
        <pre key={key}>
          <code>{node.value}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote key={key}>{kids()}</blockquote>;
    case 'list':
      return renderList(node, key, ctx);
    case 'listItem':
      return renderListItem(node, key, ctx);
    case 'break':
      return <br key={key} />;
    case 'thematicBreak':
      return <hr key={key} />;
    case 'html':
      // Raw HTML is shown as typed, never interpreted.
      return ctx.inLink ? node.value : ctx.renderText(node.value, key);
    case 'link':
      return link(
        node.url,
        key,
        ctx.inLink ? kids() : renderNodes(node.children, key, { ...ctx, inLink: true }),
      );
    case 'linkReference': {
      const url = ctx.definitions.get(node.identifier) ?? null;
      return link(url, key, renderNodes(node.children, key, { ...ctx, inLink: true }));
    }
    case 'image':
      return node.alt ? (ctx.inLink ? node.alt : link(node.url, key, node.alt)) : null;
    case 'imageReference':
      return node.alt ?? null;
    case 'definition':
      return null;
    default:
      // Anything else (a future node type) shows its text, never markup.
      return 'children' in node ? kids() : 'value' in node ? String(node.value) : null;
  }
}

/**
 * A member's Markdown as React elements; `renderText` handles the plain text pieces. By default they
 * get their web addresses linked and the `mentions` the API lists (post.mentions, comment.mentions)
 * as profile links.
 */
export function MemberText({
  text,
  className,
  mentions = noMentions,
  renderText,
}: {
  text: string;
  className?: string;
  mentions?: readonly MentionedMember[];
  renderText?: TextRenderer;
}) {
  const rendered = useMemo(() => {
    const root = parseMarkdown(text);
    return renderNodes(root.children, 'm', {
      definitions: markdownDefinitions(root),
      renderText: renderText ?? ((piece, key) => linkified(piece, key, mentions)),
      inLink: false,
    });
  }, [text, renderText, mentions]);
  return (
    <div className={className} css={styles}>
      {rendered}
    </div>
  );
}
