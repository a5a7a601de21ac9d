import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../test/fetch-mock.ts';
import { paymentFixture } from '../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { ResendForm } from './resend-form.tsx';

vi.mock('../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const payment = paymentFixture({
  refundedCents: 300,
  documents: [
    { number: 'F2026-0007', kind: 'invoice', totalCents: 995 },
    { number: 'C2026-0002', kind: 'credit_note', totalCents: -300 },
  ],
});

function renderForm() {
  const onDone = vi.fn();
  renderWithProviders(
    <ResendForm uid="u1" email="sanne@example.nl" payment={payment} onDone={onDone} onCancel={() => {}} />,
  );
  return onDone;
}

describe('ResendForm', () => {
  it('asks for a reason, then confirms the chosen document and address before mailing', async () => {
    const onDone = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Bon opnieuw sturen' }));
    expect(screen.getByText('Geef een reden op')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Bon'), 'C2026-0002');
    await userEvent.type(screen.getByLabelText(/^Reden/), 'Kwijtgeraakt');
    await userEvent.click(screen.getByRole('button', { name: 'Bon opnieuw sturen' }));
    expect(screen.getByText('Creditnota C2026-0002 opnieuw mailen naar sanne@example.nl?')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(jsonResponse({ sentTo: 'sanne@example.nl' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ja, opnieuw sturen' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('De bon is gemaild naar sanne@example.nl.'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      uid: 'u1',
      number: 'C2026-0002',
      reason: 'Kwijtgeraakt',
    });
  });

  it('shows a failure and asks for confirmation again', async () => {
    const onDone = renderForm();
    await userEvent.type(screen.getByLabelText(/^Reden/), 'Kwijtgeraakt');
    await userEvent.click(screen.getByRole('button', { name: 'Bon opnieuw sturen' }));
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'INTERNAL' } }, 500));
    await userEvent.click(screen.getByRole('button', { name: 'Ja, opnieuw sturen' }));
    expect(await screen.findByText('Opnieuw sturen is niet gelukt.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bon opnieuw sturen' })).toBeTruthy();
    expect(screen.queryByText(/opnieuw mailen naar/)).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
