import type { Message, ProfileSummary, ThreadListEntry } from '@kring/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatPanel, openChatWith } from '../../../lib/chat-panel.ts';
import { profileFixture } from '../../../test/fixtures.ts';
import { jsonResponse, LocationProbe, renderWithProviders } from '../../../test/render.tsx';
import { ChatButton } from './chat-button.tsx';

// Anna (profile 7) is signed in; Joris (4) already chats with her, Bram (9) never did.
const realtime = vi.hoisted(() => ({
  value: null as unknown,
  listeners: new Set<(value: unknown) => void>(),
}));
vi.mock('../../../lib/firebase.ts', () => ({
  getIdToken: async () => 'token',
  watchRealtimeValue: (path: string, listener: (value: unknown) => void) => {
    if (path !== 'chat/u1') throw new Error(`unexpected path ${path}`);
    realtime.listeners.add(listener);
    listener(realtime.value);
    return () => realtime.listeners.delete(listener);
  },
}));
vi.mock('../../../lib/auth.tsx', () => ({
  useAuth: () => ({ status: 'ready', user: { uid: 'u1', email: 'anna@example.nl', displayName: null } }),
  useAccount: () => ({
    data: { profile: profileFixture({ id: 7 }) },
    error: undefined,
    refresh: async () => {},
  }),
}));

/**
 * happy-dom has no layout: every size is 0 and scrolling fires no event, so the virtualised list
 * would render next to nothing. Stand in for the browser: the message log is 600 px high, each row
 * 60 px, the log's content as high as the virtualiser's box, and a scroll position change fires
 * 'scroll' as in a browser.
 */
const LOG_HEIGHT = 600;
const ROW_HEIGHT = 60;
const isLog = (element: Element) => element.getAttribute('role') === 'log';
const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
  scroll: Object.getOwnPropertyDescriptor(Element.prototype, 'scroll'),
};
beforeAll(() => {
  const getter = (get: (this: HTMLElement) => number) => ({ configurable: true, get });
  Object.defineProperties(HTMLElement.prototype, {
    clientHeight: getter(function () {
      return isLog(this) ? LOG_HEIGHT : 0;
    }),
    offsetHeight: getter(function () {
      return this.hasAttribute('data-index') ? ROW_HEIGHT : 0;
    }),
    scrollHeight: getter(function () {
      return isLog(this)
        ? Number.parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '') || 0
        : 0;
    }),
  });
  const scroll = originals.scroll?.value as (this: Element, ...args: unknown[]) => void;
  Element.prototype.scroll = function (this: Element, ...args: unknown[]) {
    scroll.apply(this, args);
    this.dispatchEvent(new Event('scroll'));
  };
});
afterAll(() => {
  for (const name of ['clientHeight', 'offsetHeight', 'scrollHeight'])
    Reflect.deleteProperty(HTMLElement.prototype, name);
  for (const [name, descriptor] of Object.entries(originals)) {
    if (descriptor)
      Object.defineProperty(name === 'scroll' ? Element.prototype : HTMLElement.prototype, name, descriptor);
  }
});

const publish = (value: unknown) =>
  act(() => {
    realtime.value = value;
    for (const listener of realtime.listeners) listener(value);
  });

const joris: ProfileSummary = { id: 4, name: 'joris', role: 2, karmaPoints: 3, avatarUrl: null };
const bram = profileFixture({ id: 9, name: 'bram', role: 1 });
const message = (id: number, fromUserId: number, content = `Bericht ${id}`): Message => ({
  id,
  fromUserId,
  content,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
});
const jorisThread = (unreadCount: number): ThreadListEntry => ({
  threadId: '4x7',
  fromUserId: 4,
  content: 'Zullen we morgen bellen?',
  createdAt: '2026-11-01T10:00:00Z',
  otherUser: joris,
  unreadCount,
});

type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;
let server: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>();
/** The bodies the component sent to one endpoint, in order. */
const bodiesOf = (name: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url === `/web/community/${name}`)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  realtime.value = { '4x7': { unreadCount: 2, updatedAt: 1000 } };
  server = {
    listThreads: () => jsonResponse({ threads: [jorisThread(2)] }),
    listThreadMessages: ({ threadId }) =>
      jsonResponse(
        threadId === '4x7'
          ? {
              messages: [message(12, 4, 'Zullen we morgen bellen?'), message(11, 7, 'Hoi Joris')],
              nextCursor: null,
            }
          : { messages: [], nextCursor: null },
      ),
    markThreadRead: () => jsonResponse({ unreadCount: 0 }),
    getPublicProfile: () =>
      jsonResponse({
        profile: bram,
        posts: [],
        postsNextCursor: null,
        comments: [],
        commentsNextCursor: null,
      }),
  };
  fetchMock.mockImplementation(async (url, init) => {
    const name = String(url).replace('/web/community/', '');
    const handler = server[name];
    if (!handler) return jsonResponse({ error: { code: 'NOT_FOUND' } }, 404);
    return handler(JSON.parse(String(init?.body)));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => chatPanel.close());
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  realtime.listeners.clear();
});

const renderChat = () =>
  renderWithProviders(
    <>
      <ChatButton />
      <LocationProbe />
    </>,
  );
const reply = () => screen.findByRole('textbox', { name: /^Bericht aan/ });

describe('chat panel: the thread list', () => {
  it('opens a thread from its card by keyboard; reading it drops the bubble and the header count at once', async () => {
    // markThreadRead never answers and realtime never confirms: what drops is the optimistic state.
    server.markThreadRead = () => new Promise(() => {});
    renderChat();
    const chatButton = screen.getByRole('button', { name: 'Berichten, 2 ongelezen' });
    await userEvent.click(chatButton);
    const dialog = screen.getByRole('dialog', { name: 'Berichten' });
    const card = await within(dialog).findByRole('button', {
      name: /^Gesprek met joris openen, 2 ongelezen: /,
    });
    card.focus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('dialog', { name: 'joris' })).toBeTruthy();
    await waitFor(() => expect(bodiesOf('markThreadRead')).toEqual([{ threadId: '4x7' }]));
    expect(chatButton.getAttribute('aria-label')).toBe('Berichten, geen ongelezen');
    // The header: name links to the profile, in the role's colour, with the badge.
    const log = await screen.findByRole('log', { name: 'Berichten met joris' });
    expect(within(log).getByText('Zullen we morgen bellen?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'joris' }).getAttribute('href')).toBe('/community/profiel/4');
    expect(screen.getByText('Moderator')).toBeTruthy();

    // Back: the list, its card without the bubble, and focus on that card.
    await userEvent.click(screen.getByRole('button', { name: 'Terug naar alle berichten' }));
    const again = await screen.findByRole('button', { name: /^Gesprek met joris openen: / });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(screen.queryByTestId('thread-unread')).toBeNull();
  });

  it('counts a thread unread again when realtime publishes a newer unread state', async () => {
    renderChat();
    act(() => chatPanel.open({ threadId: '4x7' }));
    await waitFor(() => expect(bodiesOf('markThreadRead')).toHaveLength(1));
    const chatButton = screen.getByRole('button', { name: /^Berichten,/ });
    expect(chatButton.getAttribute('aria-label')).toBe('Berichten, geen ongelezen');
    await publish({ '4x7': { unreadCount: 0, updatedAt: 1001 } });
    expect(chatButton.getAttribute('aria-label')).toBe('Berichten, geen ongelezen');
    // Closed, a new message arrives: counted, and not marked read (nobody is viewing it).
    act(() => chatPanel.close());
    await publish({ '4x7': { unreadCount: 1, updatedAt: 1002 } });
    expect(chatButton.getAttribute('aria-label')).toBe('Berichten, 1 ongelezen');
    expect(bodiesOf('markThreadRead')).toHaveLength(1);
  });

  it('closes the panel 20 ms after a link in it is clicked', async () => {
    renderChat();
    act(() => openChatWith(4));
    await userEvent.click(await screen.findByRole('link', { name: 'joris' }));
    expect(screen.getByTestId('location').textContent).toBe('/community/profiel/4');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('chat panel: opening a conversation', () => {
  it('by thread id shows that thread and moves focus into it', async () => {
    renderChat();
    act(() => chatPanel.open({ threadId: '4x7' }));
    expect(await screen.findByText('Hoi Joris')).toBeTruthy();
    expect(bodiesOf('listThreadMessages')).toEqual([{ threadId: '4x7', pageSize: 20, cursor: null }]);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('placeholder')).toBe('Schrijf je bericht'),
    );
  });

  it('by user id opens the existing thread with that member', async () => {
    renderChat();
    act(() => openChatWith(4));
    expect(await screen.findByText('Hoi Joris')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'joris' })).toBeTruthy();
    expect(bodiesOf('listThreadMessages')[0]).toMatchObject({ threadId: '4x7' });
  });

  it('by user id without a thread shows an empty conversation with their header; the first send creates it', async () => {
    server.sendMessage = ({ toUserId, content }) =>
      jsonResponse({ message: { ...message(30, 7), content }, threadId: `7x${toUserId}` });
    renderChat();
    act(() => openChatWith(9));
    expect(await screen.findByText('Nog geen berichten. Stuur bram het eerste bericht.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'bram' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'bram' }).getAttribute('href')).toBe('/community/profiel/9');
    expect(bodiesOf('getPublicProfile')).toEqual([{ id: 9 }]);
    expect(bodiesOf('markThreadRead')).toEqual([]);

    await userEvent.type(await reply(), 'Hoi Bram!{Enter}');
    expect(bodiesOf('sendMessage')).toEqual([{ toUserId: 9, content: 'Hoi Bram!' }]);
    expect(await within(screen.getByRole('log')).findByText('Hoi Bram!')).toBeTruthy();
    expect(screen.queryByText(/Nog geen berichten/)).toBeNull();
  });

  it('refreshes the thread when its realtime updatedAt becomes newer', async () => {
    renderChat();
    act(() => openChatWith(4));
    await screen.findByText('Hoi Joris');
    expect(bodiesOf('listThreadMessages')).toHaveLength(1);
    server.listThreadMessages = () =>
      jsonResponse({
        messages: [message(13, 4, 'Om drie uur?'), message(12, 4), message(11, 7)],
        nextCursor: null,
      });
    await publish({ '4x7': { unreadCount: 0, updatedAt: 999 } });
    expect(bodiesOf('listThreadMessages')).toHaveLength(1);
    await publish({ '4x7': { unreadCount: 1, updatedAt: 2000 } });
    expect(await screen.findByText('Om drie uur?')).toBeTruthy();
    expect(bodiesOf('listThreadMessages')).toHaveLength(2);
  });
});

describe('chat panel: the reply form', () => {
  const open = async () => {
    server.sendMessage = ({ content }) =>
      jsonResponse({ message: { ...message(40, 7), content }, threadId: '4x7' });
    renderChat();
    act(() => openChatWith(4));
    await screen.findByText('Hoi Joris');
    return reply();
  };

  it('sends on Enter, with the text trimmed, and empties the field', async () => {
    const field = await open();
    await userEvent.type(field, '  Tot morgen!  {Enter}');
    expect(bodiesOf('sendMessage')).toEqual([{ toUserId: 4, content: 'Tot morgen!' }]);
    expect(await within(screen.getByRole('log')).findByText('Tot morgen!')).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('makes a new line on Shift+Enter and sends on Meta+Enter', async () => {
    const field = await open();
    await userEvent.type(field, 'Eerste regel{Shift>}{Enter}{/Shift}Tweede regel');
    expect((field as HTMLTextAreaElement).value).toBe('Eerste regel\nTweede regel');
    expect(bodiesOf('sendMessage')).toEqual([]);
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    expect(bodiesOf('sendMessage')).toEqual([{ toUserId: 4, content: 'Eerste regel\nTweede regel' }]);
  });

  it("says 'Schrijf een bericht.' for an empty message and sends nothing", async () => {
    const field = await open();
    await userEvent.type(field, '   {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Schrijf een bericht.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(bodiesOf('sendMessage')).toEqual([]);
  });

  it("says 'Er is een onbekende fout opgetreden.' when sending fails, and keeps the text", async () => {
    const field = await open();
    server.sendMessage = () => jsonResponse({ error: { code: 'INTERNAL' } }, 500);
    await userEvent.type(field, 'Belangrijk bericht{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Er is een onbekende fout opgetreden.');
    expect((field as HTMLTextAreaElement).value).toBe('Belangrijk bericht');
    expect(within(screen.getByRole('log')).queryByText('Belangrijk bericht')).toBeNull();
  });
});

describe('chat panel: blocking and reporting', () => {
  it('says in Dutch that the member does not want messages when they blocked the sender, and keeps the text', async () => {
    renderChat();
    act(() => openChatWith(4));
    await screen.findByText('Hoi Joris');
    server.sendMessage = () => jsonResponse({ error: { code: 'FORBIDDEN', reason: 'CHAT_BLOCKED' } }, 403);
    const field = await reply();
    await userEvent.type(field, 'Hallo?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Dit lid wil geen berichten van je ontvangen.',
    );
    expect((field as HTMLTextAreaElement).value).toBe('Hallo?');
  });

  it('says in Dutch when the first-contact limits hold a message back, and keeps the text', async () => {
    renderChat();
    act(() => openChatWith(4));
    await screen.findByText('Hoi Joris');
    const field = await reply();
    server.sendMessage = () =>
      jsonResponse({ error: { code: 'RATE_LIMITED', reason: 'CHAT_UNANSWERED_LIMIT' } }, 429);
    await userEvent.type(field, 'Ben je er nog?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Je hebt dit lid het afgelopen uur al 3 berichten gestuurd zonder antwoord. Wacht op een antwoord of probeer het over een uur opnieuw.',
    );
    expect((field as HTMLTextAreaElement).value).toBe('Ben je er nog?');

    server.sendMessage = () =>
      jsonResponse({ error: { code: 'RATE_LIMITED', reason: 'CHAT_NEW_CONVERSATIONS_LIMIT' } }, 429);
    await userEvent.type(field, '{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Je hebt het afgelopen uur al 5 gesprekken begonnen met leden die nog niet hebben geantwoord. Wacht op een antwoord of probeer het over een uur opnieuw.',
      ),
    );
    // Going too fast in general keeps its own text.
    server.sendMessage = () => jsonResponse({ error: { code: 'RATE_LIMITED' } }, 429);
    await userEvent.type(field, '{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Je gaat even te snel. Probeer het over een paar minuten opnieuw.',
      ),
    );
  });

  it('reports a received message (only those) and tells the member it was received', async () => {
    server.reportItem = () => jsonResponse({ ok: true });
    renderChat();
    act(() => openChatWith(4));
    await screen.findByText('Hoi Joris');
    const log = screen.getByRole('log');
    // Message 12 is Joris's, 11 the member's own.
    const buttons = within(log).getAllByRole('button', { name: /melden$/ });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Chatbericht melden' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Intimidatie of pesten' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      'We hebben je melding ontvangen',
    );
    expect(bodiesOf('reportItem')).toEqual([
      { itemKind: 'message', itemId: 12, reason: 'harassment', details: '' },
    ]);
  });
});

describe('chat panel: paging', () => {
  it("loads older messages with the 20th item's id as cursor, then says 'Geen berichten meer'", async () => {
    // Page 1: ids 140 down to 121; page 2: 120 down to 116, the last.
    const first = Array.from({ length: 20 }, (_, i) => message(140 - i, i % 2 ? 4 : 7));
    let answerOlder: (value: Response) => void = () => {};
    server.listThreadMessages = ({ cursor }) =>
      cursor === null
        ? jsonResponse({ messages: first, nextCursor: 121 })
        : new Promise((resolve) => (answerOlder = resolve));
    renderChat();
    act(() => openChatWith(4));
    const more = await screen.findByRole('button', { name: 'Laad meer berichten' });
    expect(screen.queryByText('Geen berichten meer')).toBeNull();
    await userEvent.click(more);
    expect(bodiesOf('listThreadMessages')[1]).toEqual({ threadId: '4x7', pageSize: 20, cursor: 121 });
    // Visible while the page loads, on the same button.
    expect(more.textContent).toBe('Aan het laden..');
    await act(async () =>
      answerOlder(
        jsonResponse({
          messages: Array.from({ length: 5 }, (_, i) => message(120 - i, 4)),
          nextCursor: null,
        }),
      ),
    );
    expect(await screen.findByText('Geen berichten meer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Laad meer berichten' })).toBeNull();
  });
});

describe('chat panel: a long thread', () => {
  const pageOf = (newest: number, more: boolean) => ({
    messages: Array.from({ length: 20 }, (_, i) =>
      message(newest - i, i % 2 ? 4 : 7, `Bericht nummer ${newest - i}`),
    ),
    nextCursor: more ? newest - 19 : null,
  });
  /** The message numbers whose rows are in the DOM. */
  const rendered = (log: HTMLElement) =>
    [...log.querySelectorAll('[data-index] p')].map((text) =>
      Number(text.textContent?.replace('Bericht nummer ', '')),
    );

  it('renders only the rows in view plus an overscan of 2, from the bottom, and keeps the place when older pages load', async () => {
    server.listThreadMessages = ({ cursor }) =>
      jsonResponse(
        cursor === null ? pageOf(160, true) : cursor === 141 ? pageOf(140, true) : pageOf(120, false),
      );
    renderChat();
    act(() => openChatWith(4));
    const log = await screen.findByRole('log');
    // 600 px of 60 px rows: 10 in view, 2 more above; at the bottom, so the newest is in view.
    await waitFor(() => expect(rendered(log)).toContain(160));
    expect(rendered(log)).not.toContain(141);
    expect(rendered(log).length).toBeGreaterThanOrEqual(10);
    expect(rendered(log).length).toBeLessThanOrEqual(10 + 2 + 1);

    await userEvent.click(await screen.findByRole('button', { name: 'Laad meer berichten' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Laad meer berichten' }));
    await screen.findByText('Geen berichten meer');
    expect(bodiesOf('listThreadMessages').map((b) => b.cursor)).toEqual([null, 141, 121]);
    // 60 messages loaded, still about a screenful rendered, and the rows being read stay in view.
    expect(rendered(log)).toContain(160);
    expect(rendered(log)).not.toContain(101);
    expect(rendered(log).length).toBeLessThanOrEqual(10 + 2 + 1);
  });

  it('scrolls back to the bottom 500 ms after sending', async () => {
    server.listThreadMessages = () => jsonResponse(pageOf(160, false));
    server.sendMessage = ({ content }) =>
      jsonResponse({
        message: { ...message(161, 7), content: `Bericht nummer 161 ${content}` },
        threadId: '4x7',
      });
    renderChat();
    act(() => openChatWith(4));
    const log = await screen.findByRole('log');
    await waitFor(() => expect(rendered(log)).toContain(160));
    // The member scrolled up to the first messages.
    act(() => log.scroll({ top: 0 }));
    await waitFor(() => expect(rendered(log)).not.toContain(160));

    const field = await reply();
    await userEvent.type(field, 'nieuw{Enter}');
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    const sent = performance.now();
    expect(log.scrollTop).toBe(0);
    await waitFor(() => expect(within(log).getByText('Bericht nummer 161 nieuw')).toBeTruthy(), {
      timeout: 2000,
    });
    expect(performance.now() - sent).toBeGreaterThan(400);
  });
});
