import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../test/fetch-mock.ts';
import { paymentFixture } from '../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { RefundForm } from './refund-form.tsx';

vi.mock('../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const payment = paymentFixture({ refundedCents: 333 });
const sent = () => fetchMock.mock.calls.map((c) => JSON.parse(String(c[1]?.body)) as Record<string, unknown>);

function renderForm() {
  const onDone = vi.fn();
  renderWithProviders(
    <RefundForm uid="u1" name="Sanne de Boer" payment={payment} onDone={onDone} onCancel={() => {}} />,
  );
  return onDone;
}

describe('RefundForm', () => {
  it('starts at what is left, checks amount and reason per field before asking the server', async () => {
    renderForm();
    const amount = screen.getByLabelText('Bedrag in euro');
    expect((amount as HTMLInputElement).value).toBe('6,62');
    await userEvent.clear(amount);
    await userEvent.type(amount, '6,63');
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    expect(await screen.findByText('Er is nog € 6,62 terug te betalen')).toBeTruthy();
    expect(screen.getByText('Geef een reden op')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '4,985');
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    expect(await screen.findByText('Vul een bedrag in, bijvoorbeeld 4,98')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for confirmation, and a retry after a failure repeats the same request id', async () => {
    const onDone = renderForm();
    const amount = screen.getByLabelText('Bedrag in euro');
    await userEvent.clear(amount);
    await userEvent.type(amount, '3,31');
    await userEvent.type(screen.getByLabelText(/^Reden/), 'Goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    expect(screen.getByText(/€ 3,31 terugbetalen aan Sanne de Boer\?/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'UNAVAILABLE', reason: 'PAYMENT_PROVIDER_UNAVAILABLE' } }, 503),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ja, terugbetalen' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ refund: { id: 're_1', amountCents: 331, status: 'refunded' }, refundableCents: 331 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ja, terugbetalen' }));
    await vi.waitFor(() =>
      expect(onDone).toHaveBeenCalledWith(expect.stringMatching(/^€\s3,31 is terugbetaald/)),
    );
    const [first, second] = sent();
    expect(first).toMatchObject({ uid: 'u1', paymentId: 'tr_paid', amountCents: 331, reason: 'Goodwill' });
    expect(second!.requestId).toBe(first!.requestId);
  });

  it('shows the server’s refusal under the amount and makes the next confirmation a new request', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Reden/), 'Goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Terugbetalen' }));
    expect(screen.getByText(/Dit is het hele bedrag/)).toBeTruthy();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          error: {
            code: 'VALIDATION',
            issues: [{ path: 'amountCents', message: 'Er is nog € 1,00 terug te betalen' }],
          },
        },
        400,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ja, terugbetalen' }));
    expect(await screen.findByText('Er is nog € 1,00 terug te betalen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Terugbetalen' })).toBeTruthy();
  });
});
