import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlans } from '../../../lib/api/list-plans.ts';
import { ApiError } from '../../../lib/api.ts';
import { shouldPoll } from '../api/get-subscription-initial-payment-status.ts';
import { PaymentStep, paymentView } from './payment-step.tsx';

const call = vi.fn();
vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  call: (...args: unknown[]) => call(...args),
  callPublic: (...args: unknown[]) => call(...args),
}));

const details = {
  firstName: 'Anna',
  lastName: 'de Vries',
  birthdate: '1990-05-17',
  phoneNumber: '0612345678',
  streetName: 'Dorpsstraat',
  houseNumber: '12',
  houseNumberExtension: '',
  postalCode: '3512 AB',
  city: 'Utrecht',
  country: 'Nederland',
};
const status = (overrides: Record<string, unknown> = {}) => ({
  isRequestStarted: false,
  isRequestComplete: false,
  status: null,
  paymentId: null,
  ...overrides,
});

let statusAnswer: () => unknown;
const answer = (service: string, name: string) => {
  if (name === 'getSubscriptionInitialPaymentStatus') return Promise.resolve(statusAnswer());
  if (name === 'listPlans')
    return Promise.resolve({
      plans: [
        {
          id: 'maandelijks',
          name: 'Maandelijks',
          interval: '1 month',
          priceCents: 995,
          currency: 'EUR',
          vatRateBp: 2100,
          vatExemption: null,
        },
        {
          id: 'jaarlijks',
          name: 'Jaarlijks',
          interval: '12 months',
          priceCents: 9900,
          currency: 'EUR',
          vatRateBp: 2100,
          vatExemption: null,
        },
      ],
    });
  if (name === 'createSubscriptionInitialPayment')
    return Promise.resolve({ checkoutUrl: 'http://127.0.0.1:8445/checkout/tr_abc', paymentId: 'tr_abc' });
  return Promise.reject(new Error(`unexpected ${service}/${name}`));
};

const renderStep = (onPaid = vi.fn(async () => {}), onEditDetails = vi.fn()) => {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <PaymentStep details={details} onPaid={onPaid} onEditDetails={onEditDetails} />
    </SWRConfig>,
  );
  return { onPaid, onEditDetails };
};

beforeEach(() => {
  resetPlans();
  statusAnswer = () => status();
  call.mockImplementation(answer);
});
afterEach(() => {
  call.mockReset();
  vi.restoreAllMocks();
});

describe('paymentView and polling (spec 4)', () => {
  it('polls while a request has started and is not complete, and not otherwise', () => {
    expect(shouldPoll(status({ isRequestStarted: true, status: 'open', paymentId: 'tr_1' }), 'tr_1')).toBe(
      true,
    );
    expect(shouldPoll(status(), null)).toBe(false);
    expect(
      shouldPoll(
        status({ isRequestStarted: true, isRequestComplete: true, status: 'paid', paymentId: 'tr_1' }),
        'tr_1',
      ),
    ).toBe(false);
    expect(
      shouldPoll(
        status({ isRequestStarted: true, isRequestComplete: true, status: 'failed', paymentId: 'tr_1' }),
        null,
      ),
    ).toBe(false);
  });

  it('also polls right after the checkout until the server reports the stored payment', () => {
    expect(
      shouldPoll(
        status({ isRequestStarted: true, isRequestComplete: true, status: 'failed', paymentId: 'tr_old' }),
        'tr_new',
      ),
    ).toBe(true);
  });

  it('maps the payment status to the Dutch result states', () => {
    const done = (s: string) =>
      status({ isRequestStarted: true, isRequestComplete: true, status: s, paymentId: 'tr_1' });
    expect(paymentView(status(), null)).toBe('start');
    expect(paymentView(status({ isRequestStarted: true, status: 'open', paymentId: 'tr_1' }), null)).toBe(
      'pending',
    );
    expect(paymentView(done('paid'), null)).toBe('paid');
    expect(paymentView(done('failed'), null)).toBe('failed');
    expect(paymentView(done('canceled'), null)).toBe('canceled');
    expect(paymentView(done('expired'), null)).toBe('expired');
  });
});

describe('PaymentStep', () => {
  it("shows the plans with their prices and starts the chosen one with 'Betalen': stores the id, goes to the checkout", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderStep();
    expect((await screen.findByTestId('plan-price-maandelijks')).textContent).toMatch(/^€\s9,95 per maand$/);
    expect(screen.getByTestId('plan-price-jaarlijks').textContent).toMatch(/^€\s99,00 per jaar$/);
    expect((screen.getByRole('radio', { name: /Maandelijks/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Prijzen inclusief btw.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Jaarlijks/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Betalen' }));
    expect(call).toHaveBeenCalledWith('subscription', 'createSubscriptionInitialPayment', {
      membership: details,
      planId: 'jaarlijks',
    });
    expect(JSON.parse(localStorage.getItem('initialPaymentId') ?? 'null')).toBe('tr_abc');
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8445/checkout/tr_abc');
  });

  it.each([
    ['failed', 'Je betaling is mislukt.'],
    ['canceled', 'Je betaling is geannuleerd.'],
    ['expired', 'Je betaling is verlopen.'],
  ])('after a %s payment: the Dutch message and a retry button', async (s, message) => {
    statusAnswer = () =>
      status({ isRequestStarted: true, isRequestComplete: true, status: s, paymentId: 'tr_1' });
    renderStep();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opnieuw betalen' })).toBeTruthy();
  });

  it('while the payment is open: the pending message, polled every 5 s until it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      statusAnswer = () => status({ isRequestStarted: true, status: 'open', paymentId: 'tr_1' });
      renderStep();
      await act(async () => {});
      expect(
        screen.getByText('Je betaling is bezig. We wachten op de bevestiging van de bank…'),
      ).toBeTruthy();
      const polls = () =>
        call.mock.calls.filter(([, name]) => name === 'getSubscriptionInitialPaymentStatus').length;
      const first = polls();
      await act(async () => {
        vi.advanceTimersByTime(4999);
      });
      expect(polls()).toBe(first);
      statusAnswer = () =>
        status({ isRequestStarted: true, isRequestComplete: true, status: 'failed', paymentId: 'tr_1' });
      await act(async () => {
        vi.advanceTimersByTime(1);
      });
      expect(polls()).toBe(first + 1);
      expect(screen.getByText('Je betaling is mislukt.')).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(20_000);
      });
      expect(polls()).toBe(first + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('once paid: runs onPaid (token refresh + account) exactly once', async () => {
    statusAnswer = () =>
      status({ isRequestStarted: true, isRequestComplete: true, status: 'paid', paymentId: 'tr_1' });
    localStorage.setItem('initialPaymentId', JSON.stringify('tr_1'));
    const { onPaid } = renderStep();
    expect(await screen.findByText('Je betaling is gelukt. Je lidmaatschap is actief.')).toBeTruthy();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('initialPaymentId')).toBeNull();
  });

  it("when the prices fail to load: 'Opnieuw proberen' loads them, the focus goes to the plan choice and 'Betalen' charges it", async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let plansFail = true;
    call.mockImplementation((service: string, name: string) =>
      name === 'listPlans' && plansFail ? Promise.reject(new Error('network')) : answer(service, name),
    );
    renderStep();
    expect(await screen.findByText('De prijzen konden niet worden geladen.')).toBeTruthy();
    plansFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    const first = await screen.findByRole('radio', { name: /Maandelijks/ });
    expect(document.activeElement).toBe(first);
    expect(screen.queryByText('De prijzen konden niet worden geladen.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Betalen' }));
    expect(call).toHaveBeenCalledWith('subscription', 'createSubscriptionInitialPayment', {
      membership: details,
      planId: 'maandelijks',
    });
  });

  it('lists the server field messages when the details are refused', async () => {
    call.mockImplementation((service: string, name: string) =>
      name === 'createSubscriptionInitialPayment'
        ? Promise.reject(
            new ApiError(400, {
              error: {
                code: 'VALIDATION',
                issues: [{ path: 'membership.postalCode', message: 'Vul een geldige postcode in' }],
              },
            }),
          )
        : answer(service, name),
    );
    const { onEditDetails } = renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Betalen' }));
    expect(await screen.findByText('Vul een geldige postcode in')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Gegevens aanpassen' }));
    expect(onEditDetails).toHaveBeenCalled();
  });
});
