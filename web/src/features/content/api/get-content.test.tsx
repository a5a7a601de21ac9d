import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render.tsx';
import { ContentNotFoundError, useContentEntry } from './get-content.ts';

const article = (slug: string, title: string) => ({
  data: { id: 1, documentId: slug, slug, title, summary: '', publishDate: '2026-03-01' },
});

let answer: (url: string) => Response;
const fetchMock = vi.fn(async (url: string) => answer(url));

/** Shows what a page shows: the title, the kind of error, or that it is still loading. */
function Title({ slug }: { slug: string }) {
  const { data, error } = useContentEntry('articles', slug);
  if (data) return <p>{data.data.title}</p>;
  if (error instanceof ContentNotFoundError) return <p>niet gevonden</p>;
  if (error) return <p>fout</p>;
  return <p>laden</p>;
}

beforeEach(() => {
  answer = (url) => jsonResponse(article(url.split('/').pop() ?? '', 'Een artikel'));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

// Every test uses its own slug: the content cache lives as long as the page (here: the test file).
describe('CMS content cache', () => {
  it('components showing the same content share one request', async () => {
    render(
      <>
        <Title slug="gedeeld" />
        <Title slug="gedeeld" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('Een artikel')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/web/content/articles/gedeeld');
  });

  it('shows content it already has at once when a page opens again', async () => {
    const first = render(<Title slug="terug" />);
    await screen.findByText('Een artikel');
    first.unmount();
    render(<Title slug="terug" />);
    expect(screen.getByText('Een artikel')).toBeTruthy();
  });

  it('tells a missing entry (404) apart from a failed load', async () => {
    answer = (url) =>
      url.endsWith('/weg') ? new Response('', { status: 404 }) : new Response('', { status: 502 });
    render(
      <>
        <Title slug="weg" />
        <Title slug="kapot" />
      </>,
    );
    expect(await screen.findByText('niet gevonden')).toBeTruthy();
    expect(await screen.findByText('fout')).toBeTruthy();
  });
});
