import type { Comment, Post, ProfileSummary } from '@kring/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserAccount } from '../../../lib/account.ts';
import { profileFixture } from '../../../test/fixtures.ts';
import { jsonResponse, LocationProbe, renderWithProviders } from '../../../test/render.tsx';
import { postListKey } from '../api/cache.ts';
import { PostView } from './post-view.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const track = vi.fn();
vi.mock('../../../lib/analytics.ts', () => ({ track: (...args: unknown[]) => track(...args) }));
let account: Partial<UserAccount> | undefined;
vi.mock('../../../lib/auth.tsx', () => ({
  useAccount: () => ({ data: account }),
  useAuth: () => ({ status: 'ready', user: null }),
}));

const person = (id: number, name: string, role: 0 | 1 | 2 | 3 = 1): ProfileSummary => ({
  id,
  name,
  role,
  karmaPoints: 0,
  avatarUrl: null,
});
const anna = person(7, 'anna');
const joris = person(4, 'joris_visser');
const sanne = person(3, 'sanne_de_boer');
const moderator = person(9, 'mo', 2);

const at = '2026-03-01T10:00:00.000Z';
const comment = (
  id: number,
  author: ProfileSummary,
  parentId: number | null,
  depth: number,
  content: string,
) =>
  ({
    id,
    postId: 5,
    parentId,
    depth,
    content,
    author,
    points: 0,
    hasUpvoted: false,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    deleteReason: null,
    mentions: [],
  }) satisfies Comment;

const post: Post = {
  id: 5,
  title: 'Overdracht tussen diensten',
  content: 'Hoe doen jullie dat?',
  topics: [{ id: 1, name: 'Zorg', slug: 'zorg' }],
  images: [],
  author: sanne,
  articleSlug: null,
  points: 1,
  commentCount: 4,
  hasUpvoted: false,
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
  pinnedAt: null,
  deleteReason: null,
  mentions: [],
};

// One thread three levels deep and one more thread.
const c10 = comment(10, joris, null, 0, 'Wij gebruiken een formulier.');
const c11 = comment(11, anna, 10, 1, 'Wordt het ook gelezen?');
const c12 = comment(12, joris, 11, 2, 'Ja, de avonddienst tekent af.');
const c13 = comment(13, sanne, null, 0, 'Bij ons met een appgroep.');

type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>();
const bodiesOf = (name: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === `/web/community/${name}`)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  account = { role: 1, profile: profileFixture({ id: anna.id, name: anna.name }) };
  handlers = {
    getPost: () => jsonResponse({ post, comments: [c10, c11, c12, c13], commentsNextCursor: null }),
  };
  fetchMock.mockImplementation(async (url, init) => {
    const name = String(url).split('/').at(-1) as string;
    const handler = handlers[name];
    if (!handler) return jsonResponse({ error: { code: 'NOT_FOUND' } }, 404);
    return handler(JSON.parse(String(init?.body ?? '{}')));
  });
  vi.stubGlobal('fetch', fetchMock);
  track.mockReset();
  loadTimeline.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const listKey = postListKey({ order: 'createdAt', topicId: null, articleSlug: null }, null);

const loadTimeline = vi.fn(async () => ({ items: [post], nextCursor: null }));

/** The timeline card's count, read from its own cache entry, next to the post page. */
function WithCard({ highlight = null }: { highlight?: number | null }) {
  const { data } = useSWR(listKey, loadTimeline);
  return (
    <>
      <output data-testid="card-count">{data?.items[0]?.commentCount}</output>
      <PostView postId={5} highlightCommentId={highlight} />
      <LocationProbe />
    </>
  );
}

const renderPage = async (highlight: number | null = null) => {
  renderWithProviders(<WithCard highlight={highlight} />);
  await screen.findByRole('heading', { level: 1, name: post.title });
  await screen.findByText(c13.content);
};

/** Opens the post page and one of the post's own dialogs by its button (the post's is the first). */
const openPostDialog = async (button: string, title: string) => {
  await renderPage();
  const article = screen.getByRole('article', { name: post.title });
  await userEvent.click(within(article).getAllByRole('button', { name: button })[0] as HTMLElement);
  return { article, dialog: screen.getByRole('dialog', { name: title }) };
};

const commentEl = (id: number) => document.getElementById(`reactie-${id}`) as HTMLElement;
/** The article of a comment: its own block plus its replies. */
const articleOf = (id: number) => commentEl(id).closest('article') as HTMLElement;

const deferred = () => {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('post page comments', () => {
  it('sends a reply to a nested comment with its parentId and shows it at once under that comment', async () => {
    const answer = deferred();
    handlers.createComment = () => answer.promise;
    await renderPage();
    expect(screen.getByRole('heading', { name: '4 reacties' })).toBeTruthy();

    await userEvent.click(within(commentEl(12)).getByRole('button', { name: 'Reageer' }));
    await userEvent.type(screen.getByLabelText('Je reactie op joris_visser'), 'Slim, dat ga ik proberen.');
    await userEvent.click(within(articleOf(12)).getByRole('button', { name: 'Plaatsen' }));

    expect(bodiesOf('createComment')).toEqual([
      { postId: 5, parentId: 12, content: 'Slim, dat ga ik proberen.' },
    ]);
    // Before the server answered: under comment 12, marked as being sent, counted everywhere.
    const sending = within(articleOf(12)).getByText('Slim, dat ga ik proberen.');
    expect(sending.closest('[data-sending]')).toBeTruthy();
    expect(within(articleOf(12)).getByText('Wordt verstuurd…')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '5 reacties' })).toBeTruthy();
    expect(screen.getByTestId('card-count').textContent).toBe('5');

    await act(async () =>
      answer.resolve(jsonResponse({ comment: comment(50, anna, 12, 3, 'Slim, dat ga ik proberen.') })),
    );
    await waitFor(() => expect(commentEl(50)).toBeTruthy());
    expect(articleOf(50).parentElement?.closest('article')).toBe(articleOf(12));
    expect(screen.queryByText('Wordt verstuurd…')).toBeNull();
    expect(screen.getByTestId('card-count').textContent).toBe('5');
  });

  it("'Citeer' starts a reply that quotes the comment and sends it as Markdown; the quote shows as a quote", async () => {
    handlers.createComment = (body) =>
      jsonResponse({ comment: comment(51, anna, 12, 3, String(body.content)) });
    await renderPage();
    await userEvent.click(within(commentEl(12)).getByRole('button', { name: /Meer acties/ }));
    await userEvent.click(within(commentEl(12)).getByRole('button', { name: 'Citeer' }));
    const box = screen.getByLabelText('Je reactie op joris_visser') as HTMLTextAreaElement;
    expect(box.value).toBe('> **joris_visser** schreef:\n>\n> Ja, de avonddienst tekent af.\n\n');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.selectionStart).toBe(box.value.length);
    await userEvent.type(box, 'Goed idee.');
    await userEvent.click(within(articleOf(12)).getByRole('button', { name: 'Plaatsen' }));
    expect(bodiesOf('createComment')[0]?.content).toBe(
      '> **joris_visser** schreef:\n>\n> Ja, de avonddienst tekent af.\n\nGoed idee.',
    );
    await waitFor(() => expect(commentEl(51)).toBeTruthy());
    expect(commentEl(51).querySelector('blockquote')?.textContent).toContain('Ja, de avonddienst tekent af.');
  });

  it("'Citeer' with a selection in the comment quotes only the selection, also when opening '⋯' cleared it", async () => {
    await renderPage();
    const text = within(commentEl(10)).getByText(c10.content);
    const range = document.createRange();
    range.setStart(text.firstChild as Text, 4);
    range.setEnd(text.firstChild as Text, 15);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    // Pressing '⋯' clears a selection in a browser: it is read at the press.
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: /Meer acties/ }));
    window.getSelection()?.removeAllRanges();
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: 'Citeer' }));
    expect((screen.getByLabelText('Je reactie op joris_visser') as HTMLTextAreaElement).value).toBe(
      '> **joris_visser** schreef:\n>\n> gebruiken e\n\n',
    );
  });

  it('keeps the typed reply and says why in Dutch when it could not be placed', async () => {
    handlers.createComment = () => jsonResponse({ error: { code: 'RATE_LIMITED' } }, 429);
    await renderPage();
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: 'Reageer' }));
    await userEvent.type(screen.getByLabelText('Je reactie op joris_visser'), 'Mijn lange antwoord');
    await userEvent.click(within(articleOf(10)).getByRole('button', { name: 'Plaatsen' }));

    const field = (await screen.findByLabelText('Je reactie op joris_visser')) as HTMLTextAreaElement;
    expect(field.value).toBe('Mijn lange antwoord');
    expect(
      await screen.findByText('Je gaat even te snel. Probeer het over een paar minuten opnieuw.'),
    ).toBeTruthy();
    expect(document.querySelector('[data-sending]')).toBeNull();
    expect(screen.getByRole('heading', { name: '4 reacties' })).toBeTruthy();
    expect(screen.getByTestId('card-count').textContent).toBe('4');
  });

  it('puts a new comment on the post first, then the server’s', async () => {
    handlers.createComment = (body) =>
      jsonResponse({ comment: comment(60, anna, null, 0, String(body.content)) });
    await renderPage();
    await userEvent.type(screen.getByLabelText('Schrijf een reactie'), 'Goede vraag!');
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    await waitFor(() => expect(commentEl(60)).toBeTruthy());
    expect(bodiesOf('createComment')).toEqual([{ postId: 5, parentId: null, content: 'Goede vraag!' }]);
    const ids = [...document.querySelectorAll('[id^="reactie-"]')].map((e) => e.id);
    expect(ids[0]).toBe('reactie-60');
    expect((screen.getByLabelText('Schrijf een reactie') as HTMLTextAreaElement).value).toBe('');
  });

  it("reports another member's comment with a reason and says it was received; a second time says so", async () => {
    handlers.reportItem = () => jsonResponse({ ok: true });
    await renderPage();
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: /Meer acties/ }));
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: 'Melden' }));
    const dialog = screen.getByRole('dialog', { name: 'Reactie melden' });
    const send = within(dialog).getByRole('button', { name: 'Melding versturen' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Intimidatie of pesten' }));
    await userEvent.type(within(dialog).getByLabelText('Toelichting (niet verplicht)'), 'Steeds weer');
    await userEvent.click(send);
    expect(await within(dialog).findByRole('status')).toHaveProperty(
      'textContent',
      'Bedankt. We hebben je melding ontvangen; een moderator kijkt ernaar.',
    );
    expect(bodiesOf('reportItem')).toEqual([
      { itemKind: 'comment', itemId: 10, reason: 'harassment', details: 'Steeds weer' },
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Klaar' }));

    handlers.reportItem = () =>
      jsonResponse({ error: { code: 'CONFLICT', reason: 'ALREADY_REPORTED' } }, 409);
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: /Meer acties/ }));
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: 'Melden' }));
    const again = screen.getByRole('dialog', { name: 'Reactie melden' });
    await userEvent.click(within(again).getByRole('radio', { name: 'Spam of reclame' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Melding versturen' }));
    expect((await within(again).findByRole('status')).textContent).toBe(
      'Je hebt dit al gemeld. Een moderator kijkt ernaar.',
    );
  });

  it('lets the author edit their own comment', async () => {
    handlers.editComment = (body) =>
      jsonResponse({
        comment: { ...c11, content: String(body.content), updatedAt: '2026-03-01T11:00:00.000Z' },
      });
    await renderPage();
    // Another member's comment has a menu with only Melden; the reader's own one has Bewerk.
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: /Meer acties/ }));
    expect(within(commentEl(10)).queryByRole('button', { name: 'Bewerk' })).toBeNull();
    expect(within(commentEl(10)).getByRole('button', { name: 'Melden' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(commentEl(11)).getByRole('button', { name: 'Meer acties voor de reactie van anna' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bewerk' }));
    const field = screen.getByLabelText('Je reactie') as HTMLTextAreaElement;
    expect(field.value).toBe(c11.content);
    await userEvent.clear(field);
    await userEvent.type(field, 'Wordt het echt gelezen?');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(bodiesOf('editComment')).toEqual([{ commentId: 11, content: 'Wordt het echt gelezen?' }]);
    await waitFor(() => expect(within(commentEl(11)).getByText('Wordt het echt gelezen?')).toBeTruthy());
    expect(within(commentEl(11)).getByText('· bewerkt')).toBeTruthy();
    expect(screen.queryByLabelText('Je reactie')).toBeNull();
  });

  it('keeps an edited comment read-only while it saves: typing changes nothing and a second save sends nothing', async () => {
    const answer = deferred();
    handlers.editComment = () => answer.promise;
    await renderPage();
    await userEvent.click(
      within(commentEl(11)).getByRole('button', { name: 'Meer acties voor de reactie van anna' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bewerk' }));
    const field = screen.getByLabelText('Je reactie') as HTMLTextAreaElement;
    await userEvent.clear(field);
    await userEvent.type(field, 'Wordt het echt gelezen?');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    // While the server has not answered: the text is what is being saved.
    expect(field.readOnly).toBe(true);
    await userEvent.type(field, ' En bewaard?');
    expect(field.value).toBe('Wordt het echt gelezen?');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    const save = field.form?.querySelector('button[type="submit"]') as HTMLButtonElement;
    await userEvent.click(save);
    expect(bodiesOf('editComment')).toEqual([{ commentId: 11, content: 'Wordt het echt gelezen?' }]);

    await act(async () =>
      answer.resolve(
        jsonResponse({
          comment: { ...c11, content: 'Wordt het echt gelezen?', updatedAt: '2026-03-01T11:00:00.000Z' },
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByLabelText('Je reactie')).toBeNull());
    expect(within(commentEl(11)).getByText('Wordt het echt gelezen?')).toBeTruthy();
    expect(bodiesOf('editComment')).toHaveLength(1);
  });

  it('deletes the author’s own comment after a confirmation and keeps its place as a placeholder', async () => {
    handlers.deleteComment = () => jsonResponse({ ok: true });
    await renderPage();
    await userEvent.click(
      within(commentEl(11)).getByRole('button', { name: 'Meer acties voor de reactie van anna' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verwijder' }));
    const dialog = screen.getByRole('dialog', { name: 'Reactie verwijderen?' });
    // Nothing is sent before the member confirms.
    expect(bodiesOf('deleteComment')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));

    expect(bodiesOf('deleteComment')).toEqual([{ commentId: 11 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(commentEl(11)).getByText('Deze reactie is verwijderd.')).toBeTruthy();
    expect(within(commentEl(11)).queryByText(c11.content)).toBeNull();
    // The reply under it stays in its place.
    expect(articleOf(12).parentElement?.closest('article')).toBe(articleOf(11));
    expect(screen.getByRole('heading', { name: '3 reacties' })).toBeTruthy();
    expect(screen.getByTestId('card-count').textContent).toBe('3');
    await waitFor(() => expect(document.activeElement).toBe(commentEl(11)));
  });

  it('marks, scrolls to and focuses the comment of ?showComment, asking the server for its thread', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    await renderPage(12);
    expect(bodiesOf('getPost')[0]).toMatchObject({ postId: 5, order: 'createdAt', focusCommentId: 12 });
    const target = commentEl(12);
    expect(target.dataset.highlighted).toBe('true');
    expect(commentEl(11).dataset.highlighted).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(target));
    expect(scrolled.mock.contexts).toContain(target);
    expect(within(target).getByText('Gemarkeerde reactie')).toBeTruthy();
  });

  it("loads 'Meer reacties' with the next cursor and shows a thread the first page already had only once", async () => {
    const c14 = comment(14, joris, null, 0, 'Nog een draad op pagina twee.');
    handlers.getPost = (body) =>
      body.commentsCursor === 'volgende'
        ? jsonResponse({ post, comments: [c13, c14], commentsNextCursor: null })
        : // The first page plus the focused thread 13, appended although it belongs on page two.
          jsonResponse({ post, comments: [c10, c11, c12, c13], commentsNextCursor: 'volgende' });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Meer reacties' }));
    await screen.findByText(c14.content);

    expect(bodiesOf('getPost').at(-1)).toMatchObject({ postId: 5, commentsCursor: 'volgende' });
    expect(screen.getAllByText(c13.content)).toHaveLength(1);
    expect(document.querySelectorAll('#reactie-13')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Meer reacties' })).toBeNull();
    // The reader goes on where the new threads start.
    await waitFor(() => expect(document.activeElement).toBe(commentEl(14)));
  });

  it("moves the focus to the next 'Meer reacties', then to the heading, when a page brings only threads shown already", async () => {
    handlers.getPost = (body) =>
      body.commentsCursor === 'twee'
        ? jsonResponse({ post, comments: [c13], commentsNextCursor: 'drie' })
        : body.commentsCursor === 'drie'
          ? jsonResponse({ post, comments: [c13], commentsNextCursor: null })
          : jsonResponse({ post, comments: [c10, c11, c12, c13], commentsNextCursor: 'twee' });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Meer reacties' }));
    await waitFor(() => expect(bodiesOf('getPost').at(-1)).toMatchObject({ commentsCursor: 'twee' }));
    // Page two had nothing new: the keyboard lands on the next 'Meer reacties', not on <body>.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Meer reacties' })),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Meer reacties' }));
    await waitFor(() => expect(bodiesOf('getPost').at(-1)).toMatchObject({ commentsCursor: 'drie' }));
    // The last page had nothing new either: the comments' heading takes the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '4 reacties' })),
    );
    expect(screen.queryByRole('button', { name: 'Meer reacties' })).toBeNull();
    expect(screen.getAllByText(c13.content)).toHaveLength(1);
  });

  it('sorts by points when asked, keeps that choice and tells analytics once', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Populair' }));
    await waitFor(() => expect(bodiesOf('getPost').at(-1)).toMatchObject({ order: 'points' }));
    expect(JSON.parse(localStorage.getItem('sharedSortOrder/comments') ?? 'null')).toBe('points');
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('COMMUNITY_COMMENT_ORDER', { order: 'points' });
    expect((screen.getByRole('radio', { name: 'Populair' }) as HTMLInputElement).checked).toBe(true);
    await screen.findByText(c13.content);
    await userEvent.click(screen.getByRole('radio', { name: 'Populair' }));
    expect(track).toHaveBeenCalledTimes(1);
  });
  it("says the comments of another order could not be loaded, with 'Opnieuw proberen' that asks again", async () => {
    let failing = true;
    handlers.getPost = (body) =>
      body.order === 'points' && failing
        ? jsonResponse({ error: { code: 'INTERNAL' } }, 500)
        : jsonResponse({ post, comments: [c13, c10, c11, c12], commentsNextCursor: null });
    await renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Populair' }));

    // The post stays; where the threads were, the failure and the way to ask again (no endless spinner).
    expect(await screen.findByText('De reacties konden niet worden geladen.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeTruthy();
    expect(screen.queryByText(c13.content)).toBeNull();
    failing = false;
    const asked = bodiesOf('getPost').length;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await screen.findByText(c13.content);
    expect(bodiesOf('getPost').length).toBeGreaterThan(asked);
    expect(bodiesOf('getPost').at(-1)).toMatchObject({ order: 'points' });
    expect(screen.queryByText('De reacties konden niet worden geladen.')).toBeNull();
  });
});

describe('post page for another member', () => {
  it("reports another member's post with a reason: 'Bericht melden', itemKind post, focus back on 'Melden'", async () => {
    handlers.reportItem = () => jsonResponse({ ok: true });
    const { article, dialog } = await openPostDialog('Melden', 'Bericht melden');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam of reclame' }));
    await userEvent.type(within(dialog).getByLabelText('Toelichting (niet verplicht)'), 'Verkoop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melding versturen' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Bedankt. We hebben je melding ontvangen; een moderator kijkt ernaar.',
    );
    expect(bodiesOf('reportItem')).toEqual([
      { itemKind: 'post', itemId: 5, reason: 'spam', details: 'Verkoop' },
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(article).getAllByRole('button', { name: 'Melden' })[0]),
    );
  });
});

describe('post page for its author', () => {
  const own: Post = {
    ...post,
    author: anna,
    articleSlug: 'tarieven-2027',
    images: [{ ref: 'community/post/7/a.webp', url: 'https://cdn/a.webp' }],
  };
  beforeEach(() => {
    handlers.getPost = () => jsonResponse({ post: own, comments: [c10], commentsNextCursor: null });
    handlers.listTopics = () =>
      jsonResponse({
        topics: [{ id: 1, name: 'Zorg', slug: 'zorg', postCount: 1, createdAt: at, updatedAt: at }],
      });
  });

  it('edits the post in place with its values, keeping the article link', async () => {
    handlers.editPost = (body) =>
      jsonResponse({
        post: { ...own, title: String(body.title), images: [], updatedAt: '2026-03-02T10:00:00.000Z' },
      });
    renderWithProviders(<WithCard />);
    await screen.findByRole('heading', { level: 1, name: own.title });
    expect(screen.getByRole('link', { name: 'Lees het artikel in de kennisbank' }).getAttribute('href')).toBe(
      '/kennisbank/tarieven-2027',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bewerk' }));
    const title = screen.getByLabelText('Titel') as HTMLInputElement;
    expect(title.value).toBe(own.title);
    await userEvent.clear(title);
    await userEvent.type(title, 'Overdracht, een jaar later');
    await userEvent.click(screen.getByRole('button', { name: 'Verwijder afbeelding 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() =>
      expect(bodiesOf('editPost')).toEqual([
        {
          postId: 5,
          title: 'Overdracht, een jaar later',
          content: own.content,
          topics: [1],
          addedImageRefs: [],
          deletedImageRefs: ['community/post/7/a.webp'],
          articleSlug: 'tarieven-2027',
        },
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Overdracht, een jaar later' })).toBeTruthy();
    expect(screen.queryByLabelText('Titel')).toBeNull();
    expect(screen.getAllByText('· bewerkt')).toHaveLength(1);
  });

  it('deletes the post after a confirmation and goes back to a fresh timeline', async () => {
    handlers.deletePost = () => jsonResponse({ ok: true });
    renderWithProviders(<WithCard />);
    await screen.findByRole('heading', { level: 1, name: own.title });
    const asked = loadTimeline.mock.calls.length;
    await userEvent.click(screen.getAllByRole('button', { name: 'Verwijder' })[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Bericht verwijderen?' });
    // Annuleren has the focus: Enter deletes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(bodiesOf('deletePost')).toEqual([{ postId: 5 }]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/community/tijdlijn'));
    expect(loadTimeline.mock.calls.length).toBeGreaterThan(asked);
  });
});

describe('post page moderation', () => {
  beforeEach(() => {
    account = { role: 2, profile: profileFixture({ id: moderator.id, name: moderator.name, role: 2 }) };
  });

  it('removes a comment only with a reason, sends the reason and shows the placeholder with it', async () => {
    handlers.deleteCommentModerator = () => jsonResponse({ ok: true });
    await renderPage();
    await userEvent.click(
      within(commentEl(10)).getByRole('button', { name: 'Meer acties voor de reactie van joris_visser' }),
    );
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: 'Verwijder' }));
    const dialog = screen.getByRole('dialog', { name: 'Reactie verwijderen als moderator' });
    expect(within(dialog).getByText(/joris_visser krijgt een e-mail met je reden/)).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reden');
    expect(document.activeElement).toBe(reason);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(within(dialog).getByText('Geef een reden op')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(bodiesOf('deleteCommentModerator')).toEqual([]);

    await userEvent.type(reason, '  Persoonlijke aanval.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(bodiesOf('deleteCommentModerator')).toEqual([{ commentId: 10, reason: 'Persoonlijke aanval.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(commentEl(10)).getByText(
        'Deze reactie is verwijderd door een moderator. Reden: Persoonlijke aanval.',
      ),
    ).toBeTruthy();
    // Its replies keep their place under it.
    expect(articleOf(11).parentElement?.closest('article')).toBe(articleOf(10));
  });

  it('removes the post only with a reason, stays on the post and puts the focus back on it', async () => {
    handlers.deletePostModerator = () => jsonResponse({ ok: true });
    const { article, dialog } = await openPostDialog('Verwijder', 'Bericht verwijderen als moderator');
    expect(within(dialog).getByText(/sanne_de_boer krijgt een e-mail met je reden/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(within(dialog).getByText('Geef een reden op')).toBeTruthy();
    expect(bodiesOf('deletePostModerator')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reden'), 'Reclame.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(bodiesOf('deletePostModerator')).toEqual([{ postId: 5, reason: 'Reclame.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf('deletePost')).toEqual([]);
    expect(await screen.findByText(/Dit bericht is verwijderd door een moderator/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).not.toBe('/community/tijdlijn');
    await waitFor(() => expect(document.activeElement).toBe(article));
  });

  it('closes the removal dialog on Escape, sends nothing and puts the focus back', async () => {
    await renderPage();
    await userEvent.click(
      within(commentEl(10)).getByRole('button', { name: 'Meer acties voor de reactie van joris_visser' }),
    );
    await userEvent.click(within(commentEl(10)).getByRole('button', { name: 'Verwijder' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // Tab stays inside the dialog.
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(commentEl(10)));
    expect(bodiesOf('deleteCommentModerator')).toEqual([]);
  });

  it('pins the post and shows Vastgezet', async () => {
    handlers.pinPostModerator = () => jsonResponse({ post: { ...post, pinnedAt: at } });
    await renderPage();
    expect(screen.queryByText('Vastgezet')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Vastzetten' }));
    expect(bodiesOf('pinPostModerator')).toEqual([{ postId: 5 }]);
    expect(await screen.findByText('Vastgezet')).toBeTruthy();
    // The button says what it does next (its name is its state; no aria-pressed on top of it).
    expect(screen.getByRole('button', { name: 'Losmaken' }).getAttribute('aria-pressed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vastzetten' })).toBeNull();
  });

  it("unpins a pinned post with unpinPostModerator: 'Vastgezet' goes, 'Vastzetten' comes back", async () => {
    handlers.pinPostModerator = () => jsonResponse({ post: { ...post, pinnedAt: at } });
    handlers.unpinPostModerator = () => jsonResponse({ post: { ...post, pinnedAt: null } });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Vastzetten' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Losmaken' }));
    expect(await screen.findByRole('button', { name: 'Vastzetten' })).toBeTruthy();
    expect(screen.queryByText('Vastgezet')).toBeNull();
    expect(bodiesOf('pinPostModerator')).toEqual([{ postId: 5 }]);
    expect(bodiesOf('unpinPostModerator')).toEqual([{ postId: 5 }]);
  });
});
