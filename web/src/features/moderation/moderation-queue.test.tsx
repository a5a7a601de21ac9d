import type { ReportGroup } from '@kring/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { ModerationLog, ModerationQueue } from './moderation-queue.tsx';

vi.mock('../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));

const fetchMock = stubFetchPerTest();

const joris = { id: 4, name: 'joris_visser', role: 1 as const, karmaPoints: 2, avatarUrl: null };
const sanne = { id: 3, name: 'sanne_de_boer', role: 1 as const, karmaPoints: 5, avatarUrl: null };
const group: ReportGroup = {
  itemKind: 'comment',
  itemId: 40,
  count: 2,
  reasons: [
    { reason: 'harassment', count: 1 },
    { reason: 'spam', count: 1 },
  ],
  reports: [
    { reason: 'harassment', details: 'Grof', reporter: joris, createdAt: '2026-11-01T10:00:00.000Z' },
    { reason: 'spam', details: '', reporter: joris, createdAt: '2026-11-01T11:00:00.000Z' },
  ],
  firstReportedAt: '2026-11-01T10:00:00.000Z',
  item: {
    kind: 'comment',
    id: 40,
    postId: 12,
    postTitle: 'Over de buurt',
    content: 'Iets onaardigs',
    parentContent: 'Eerste reactie',
    author: sanne,
    createdAt: '2026-11-01T09:00:00.000Z',
    deletedAt: null,
  },
  subject: { ...sanne, suspendedUntil: null },
};

function serve(groups: ReportGroup[]) {
  let open = groups;
  fetchMock.mockImplementation(async (url) => {
    const name = String(url).split('/').at(-1);
    if (name === 'listReportsModerator') return jsonResponse({ items: open, nextCursor: null });
    open = [];
    return jsonResponse({ ok: true });
  });
}
const calls = (name: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/${name}`))
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('ModerationQueue', () => {
  it('shows the reported comment in context with count and reasons, and removes it with a reason', async () => {
    serve([group]);
    const onChange = vi.fn();
    renderWithProviders(<ModerationQueue isAdmin={false} onChange={onChange} />);
    const card = await screen.findByTestId('report-group');
    expect(within(card).getByRole('heading', { name: 'Reactie · 2 meldingen' })).toBeTruthy();
    expect(card.textContent).toContain('Intimidatie of pesten (1), Spam of reclame (1)');
    expect(card.textContent).toContain('Iets onaardigs');
    expect(card.textContent).toContain('Eerste reactie');
    expect(
      within(card).getByRole('link', { name: 'Bij het bericht "Over de buurt"' }).getAttribute('href'),
    ).toBe('/community/bericht/12?showComment=40');
    // Suspending is for admins.
    expect(within(card).queryByRole('button', { name: 'Schorsen' })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Verwijderen' }));
    await userEvent.type(within(card).getByLabelText(/Reden van verwijderen/), 'Blijf vriendelijk');
    await userEvent.click(within(card).getByRole('button', { name: 'Verwijder' }));
    expect(await screen.findByText('Er zijn geen open meldingen.')).toBeTruthy();
    expect(calls('deleteCommentModerator')).toEqual([{ commentId: 40, reason: 'Blijf vriendelijk' }]);
    expect(onChange).toHaveBeenCalled();
  });

  it('dismisses, and lets an admin suspend the author until a date', async () => {
    serve([group]);
    const view = renderWithProviders(<ModerationQueue isAdmin onChange={() => {}} />);
    const card = await screen.findByTestId('report-group');
    await userEvent.click(within(card).getByRole('button', { name: 'Negeren' }));
    await screen.findByText('Er zijn geen open meldingen.');
    expect(calls('dismissReportsModerator')).toEqual([{ itemKind: 'comment', itemId: 40 }]);
    view.unmount();

    serve([group]);
    renderWithProviders(<ModerationQueue isAdmin onChange={() => {}} />);
    const again = await screen.findByTestId('report-group');
    await userEvent.click(within(again).getByRole('button', { name: 'Schorsen' }));
    await userEvent.type(within(again).getByLabelText(/Geschorst tot/), '2026-12-24');
    await userEvent.type(within(again).getByLabelText(/Reden van schorsen/), 'Herhaald grof');
    await userEvent.click(within(again).getByRole('button', { name: 'Schors dit lid' }));
    await screen.findByText('Er zijn geen open meldingen.');
    expect(calls('suspendMemberAdmin')).toEqual([
      {
        profileId: 3,
        until: '2026-12-24',
        reason: 'Herhaald grof',
        report: { itemKind: 'comment', itemId: 40 },
      },
    ]);
  });
});

describe('ModerationLog', () => {
  it('lists the actions newest first in Dutch', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        items: [
          {
            id: 2,
            action: 'DELETE_COMMENT',
            moderatorName: 'Mo_Moderator',
            moderatorRole: 2,
            postId: 12,
            commentId: 40,
            itemKind: null,
            itemId: null,
            subjectName: null,
            suspendedUntil: null,
            reason: 'Blijf vriendelijk',
            createdAt: '2026-11-01T12:00:00.000Z',
          },
        ],
        nextCursor: null,
      }),
    );
    renderWithProviders(<ModerationLog version={0} />);
    const log = await screen.findByTestId('moderation-log');
    expect(log.textContent).toContain('Mo_Moderator verwijderde een reactie · Reden: Blijf vriendelijk');
  });
});
