import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { MailPreferencesForm } from './mail-preferences-form.tsx';
import { UnsubscribePanel } from './unsubscribe-panel.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const bodyOf = (i: number) => JSON.parse(String(fetchMock.mock.calls[i]?.[1]?.body));
const urlOf = (i: number) => String(fetchMock.mock.calls[i]?.[0]);

describe('the mail preferences', () => {
  it('shows the stored switches and saves a change at once', async () => {
    fetchMock.mockImplementation(async (url, init) =>
      String(url).endsWith('/getMailPreferences')
        ? jsonResponse({ replies: true, upvotes: false, digest: true })
        : jsonResponse(JSON.parse(String(init?.body))),
    );
    renderWithProviders(<MailPreferencesForm />);
    const upvotes = await screen.findByRole('checkbox', { name: 'Stemmen op mijn berichten en reacties' });
    expect((upvotes as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'Reacties op mijn berichten en reacties' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Het weekoverzicht' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await userEvent.click(upvotes);
    expect(await screen.findByText('Je keuze is opgeslagen.')).toBeTruthy();
    expect((upvotes as HTMLInputElement).checked).toBe(true);
    expect(urlOf(1)).toBe('/web/community/updateMailPreferences');
    expect(bodyOf(1)).toEqual({ replies: true, upvotes: true, digest: true });
  });

  it('stores quick clicks on two switches in order, so the server ends as the page shows', async () => {
    const stored = { replies: true, upvotes: false, digest: true };
    let release: () => void = () => {};
    const firstHeld = new Promise<void>((r) => {
      release = r;
    });
    let saves = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/getMailPreferences')) return jsonResponse(stored);
      const body = JSON.parse(String(init?.body));
      if (saves++ === 0) await firstHeld; // the first save is slow
      Object.assign(stored, body);
      return jsonResponse(body);
    });
    renderWithProviders(<MailPreferencesForm />);
    const upvotes = await screen.findByRole('checkbox', { name: 'Stemmen op mijn berichten en reacties' });
    await userEvent.click(upvotes);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Het weekoverzicht' }));
    release();
    await waitFor(() => expect(saves).toBe(2));
    await screen.findByText('Je keuze is opgeslagen.');
    expect(stored).toEqual({ replies: true, upvotes: true, digest: false });
    expect((upvotes as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Het weekoverzicht' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('puts the switch back and says so when saving fails', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/getMailPreferences')
        ? jsonResponse({ replies: true, upvotes: false, digest: true })
        : jsonResponse({ error: { code: 'INTERNAL' } }, 500),
    );
    renderWithProviders(<MailPreferencesForm />);
    const digest = await screen.findByRole('checkbox', { name: 'Het weekoverzicht' });
    await userEvent.click(digest);
    expect(await screen.findByText('Opslaan is niet gelukt. Probeer het opnieuw.')).toBeTruthy();
    await waitFor(() => expect((digest as HTMLInputElement).checked).toBe(true));
  });
});

describe('the unsubscribe page', () => {
  it('unsubscribes with the token at once, confirms, and undoes with the same token', async () => {
    fetchMock.mockImplementation(async (url) =>
      jsonResponse({
        kind: 'digest',
        preferences: { replies: true, upvotes: false, digest: !String(url).endsWith('/unsubscribeMail') },
      }),
    );
    renderWithProviders(<UnsubscribePanel token="7.digest.abc" />);
    expect(await screen.findByText('Je bent afgemeld. Je krijgt het weekoverzicht niet meer.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOf(0)).toBe('/web/community/unsubscribeMail');
    expect(bodyOf(0)).toEqual({ token: '7.digest.abc' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Toch weer ontvangen' }));
    const undone = await screen.findByText('Je krijgt het weekoverzicht weer.');
    // The pressed button is gone: focus is on the message's region, not lost to the page.
    await waitFor(() => expect(document.activeElement?.contains(undone)).toBe(true));
    expect(urlOf(1)).toBe('/web/community/resubscribeMail');
    expect(bodyOf(1)).toEqual({ token: '7.digest.abc' });
  });

  it('says the visitor goes too fast past the limit on these links, and offers to try again', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'RATE_LIMITED' } }, 429));
    renderWithProviders(<UnsubscribePanel token="7.digest.abc" />);
    expect(
      await screen.findByText('Je gaat even te snel. Probeer het over een paar minuten opnieuw.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
  });

  it("shows the server's Dutch text for an invalid link, and asks nothing without a token", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: { code: 'VALIDATION', issues: [{ path: 'token', message: 'Deze afmeldlink is ongeldig.' }] },
        },
        400,
      ),
    );
    const { unmount } = renderWithProviders(<UnsubscribePanel token="onzin" />);
    expect(await screen.findByText('Deze afmeldlink is ongeldig.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toch weer ontvangen' })).toBeNull();
    unmount();

    fetchMock.mockClear();
    renderWithProviders(<UnsubscribePanel token={null} />);
    expect(screen.getByText('Deze afmeldlink is niet compleet. Gebruik de link uit de mail.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
