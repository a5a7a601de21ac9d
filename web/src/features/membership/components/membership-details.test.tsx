import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { membershipFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { MembershipDetails } from './membership-details.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const membership = membershipFixture({ houseNumberExtension: 'A' });
const updates = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/web/community/updateMembership')
    .map(([, init]) => JSON.parse(String(init?.body)));

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return {
    invalid: input.getAttribute('aria-invalid'),
    text: document.getElementById(id ?? '')?.textContent,
  };
};

const renderDetails = (refresh = vi.fn(async () => undefined)) => {
  renderWithProviders(<MembershipDetails membership={membership} onSaved={refresh} />);
  return refresh;
};

describe('MembershipDetails', () => {
  it('shows the personal details, the birthdate in Dutch and the address on its lines', () => {
    renderDetails();
    expect(screen.getByText('Anna de Vries')).toBeTruthy();
    expect(screen.getByText('1 januari 1990')).toBeTruthy();
    expect(screen.getByText('0612345678')).toBeTruthy();
    expect(screen.getByText('Adres').nextElementSibling?.textContent).toBe(
      'Dorpsstraat 1 A\n1234 AB Utrecht\nNederland',
    );
  });

  it("opens the form with the values and says 'Vul een postcode in' for a blank postal code, sending nothing", async () => {
    renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Gegevens wijzigen' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Voornaam'));
    expect(screen.getByLabelText<HTMLInputElement>('Straatnaam').value).toBe('Dorpsstraat');
    expect(screen.getByLabelText<HTMLInputElement>('Toevoeging (optioneel)').value).toBe('A');
    await userEvent.clear(screen.getByLabelText('Postcode'));
    await userEvent.type(screen.getByLabelText('Postcode'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(errorOf('Postcode')).toEqual({ invalid: 'true', text: 'Vul een postcode in' });
    expect(document.activeElement).toBe(screen.getByLabelText('Postcode'));
    expect(fetchMock).not.toHaveBeenCalled();
    // Spec 5: the error clears when the field gets a value.
    await userEvent.type(screen.getByLabelText('Postcode'), '3512 AB');
    expect(errorOf('Postcode').invalid).toBeNull();
  });

  it("puts the server's message on its field", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: {
            code: 'VALIDATION',
            issues: [{ path: 'membership.city', message: 'Deze waarde is ongeldig' }],
          },
        },
        400,
      ),
    );
    const refresh = renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Gegevens wijzigen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(errorOf('Stad')).toEqual({ invalid: 'true', text: 'Deze waarde is ongeldig' }),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Stad'));
    expect(refresh).not.toHaveBeenCalled();
  });

  it('saves with updateMembership, refreshes the account and says so', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ membership: { ...membership, city: 'Amersfoort' } }));
    const refresh = renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Gegevens wijzigen' }));
    await userEvent.clear(screen.getByLabelText('Stad'));
    await userEvent.type(screen.getByLabelText('Stad'), 'Amersfoort');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Je gegevens zijn opgeslagen.')).toBeTruthy();
    expect(updates()).toEqual([
      {
        membership: {
          firstName: 'Anna',
          lastName: 'de Vries',
          birthdate: '1990-01-01',
          phoneNumber: '0612345678',
          streetName: 'Dorpsstraat',
          houseNumber: '1',
          houseNumberExtension: 'A',
          postalCode: '1234 AB',
          city: 'Amersfoort',
          country: 'Nederland',
        },
      },
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Gegevens wijzigen' }));
  });

  it('says so in Dutch when saving fails for another reason', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'INTERNAL' } }, 500));
    renderDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Gegevens wijzigen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('Je gegevens konden niet worden opgeslagen. Probeer het opnieuw.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Stad').value).toBe('Utrecht');
  });
});
