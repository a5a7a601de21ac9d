import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PostEditor, type PostEditorValues } from './post-editor.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = vi.fn<typeof fetch>();
const topics = [
  { id: 1, name: 'Bestuur', slug: 'bestuur', postCount: 3, createdAt: '2026-01-01', updatedAt: '2026-01-01' },
  {
    id: 2,
    name: 'Tarieven',
    slug: 'tarieven',
    postCount: 1,
    createdAt: '2026-01-01',
    updatedAt: '2026-01-01',
  },
  {
    id: 3,
    name: 'Wetgeving',
    slug: 'wetgeving',
    postCount: 0,
    createdAt: '2026-01-01',
    updatedAt: '2026-01-01',
  },
  {
    id: 4,
    name: 'Opleiding',
    slug: 'opleiding',
    postCount: 0,
    createdAt: '2026-01-01',
    updatedAt: '2026-01-01',
  },
];
let uploads = 0;
beforeEach(() => {
  uploads = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:local', revokeObjectURL: () => {} }),
  );
  fetchMock.mockImplementation(async (url) => {
    if (String(url).endsWith('/listTopics')) return jsonResponse({ topics });
    if (String(url).endsWith('/uploadImage')) {
      uploads += 1;
      return jsonResponse({
        ref: `community/post/5/img${uploads}.webp`,
        url: `https://cdn/img${uploads}.webp`,
      });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND' } }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function setup(onSubmit = vi.fn<(v: PostEditorValues) => Promise<void>>(async () => {})) {
  renderWithProviders(<PostEditor submitLabel="Plaatsen" onSubmit={onSubmit} />);
  return onSubmit;
}

describe('PostEditor', () => {
  it('says which field is empty in Dutch and sends nothing', async () => {
    const onSubmit = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    expect(screen.getByLabelText('Titel').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a field’s error as soon as the field gets a value (spec 5), the other stays', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Titel'), 'T');
    expect(screen.getByLabelText('Titel').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Bericht').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(1);
    // Blanks are no value: the error stays.
    await userEvent.type(screen.getByLabelText('Bericht'), '   ');
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Bericht'), 'x');
    expect(screen.queryByText('Dit veld is verplicht')).toBeNull();
  });

  it('counts characters against the limit as the member types and refuses a too long title', async () => {
    const onSubmit = setup();
    await userEvent.type(screen.getByLabelText('Bericht'), 'Hallo');
    expect(screen.getByText('5 / 20000 tekens')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Titel'));
    await userEvent.paste('x'.repeat(201));
    expect(screen.getByText('201 / 200 tekens')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    expect(screen.getByText('Deze tekst is te lang')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends trimmed text, at most three topics and the uploaded images minus the removed one', async () => {
    const onSubmit = setup();
    await userEvent.type(screen.getByLabelText('Titel'), '  Nieuwe tarieven  ');
    await userEvent.type(screen.getByLabelText('Bericht'), 'Regel een{enter}regel twee');
    for (const name of ['Bestuur', 'Tarieven', 'Wetgeving'])
      await userEvent.click(await screen.findByRole('checkbox', { name }));
    // A fourth topic cannot be chosen.
    expect((screen.getByRole('checkbox', { name: 'Opleiding' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.upload(screen.getByLabelText('Afbeelding toevoegen'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(screen.queryByText('Afbeelding wordt geüpload…')).toBeNull());
    expect(screen.getAllByRole('img')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Verwijder afbeelding 1' }));
    expect(screen.getAllByRole('img')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Nieuwe tarieven',
      content: 'Regel een\nregel twee',
      topics: [1, 2, 3],
      addedImageRefs: ['community/post/5/img2.webp'],
      deletedImageRefs: [],
    });
    const upload = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/uploadImage'));
    expect(JSON.parse(String(upload?.[1]?.body))).toMatchObject({ kind: 'post', contentType: 'image/png' });
  });

  it('refuses files that are not images or too large, before uploading', async () => {
    setup();
    const pdf = new File(['%PDF'], 'x.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Afbeelding toevoegen'), pdf, { applyAccept: false });
    expect(screen.getByText('Kies een afbeelding (PNG, JPEG, WebP of GIF).')).toBeTruthy();
    await userEvent.upload(
      screen.getByLabelText('Afbeelding toevoegen'),
      png('big.png', 5 * 1024 * 1024 + 1),
    );
    expect(screen.getByText('Deze afbeelding is te groot (maximaal 5 MB).')).toBeTruthy();
    expect(uploads).toBe(0);
  });

  it('shows the server’s Dutch message on its field, and keeps what was typed', async () => {
    const failure = new ApiError(400, {
      error: {
        code: 'VALIDATION',
        issues: [{ path: 'content', message: 'Deze tekst bevat een ongeldig teken' }],
      },
    });
    const onSubmit = setup(vi.fn(async () => Promise.reject(failure)));
    await userEvent.type(screen.getByLabelText('Titel'), 'Titel');
    await userEvent.type(screen.getByLabelText('Bericht'), 'Tekst');
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    expect(await screen.findByText('Deze tekst bevat een ongeldig teken')).toBeTruthy();
    expect((screen.getByLabelText('Bericht') as HTMLTextAreaElement).value).toBe('Tekst');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('edits: starts from the post and reports the removed stored image', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <PostEditor
        submitLabel="Opslaan"
        onSubmit={onSubmit}
        initial={{
          title: 'Oud',
          content: 'Tekst',
          topics: [2],
          images: [{ ref: 'community/post/5/old.webp', url: 'https://cdn/old.webp' }],
        }}
      />,
    );
    expect(((await screen.findByRole('checkbox', { name: 'Tarieven' })) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verwijder afbeelding 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Oud',
      content: 'Tekst',
      topics: [2],
      addedImageRefs: [],
      deletedImageRefs: ['community/post/5/old.webp'],
    });
  });
});
