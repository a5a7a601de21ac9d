import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { nlPrivacy } from '../../../messages/privacy.ts';
import { PrivacySection } from './privacy-section.tsx';

const deleteMyAccount = vi.fn();
vi.mock('../api/delete-my-account.ts', () => ({ deleteMyAccount: () => deleteMyAccount() }));
vi.mock('../api/export-my-data.ts', () => ({ exportMyData: vi.fn() }));

afterEach(() => {
  deleteMyAccount.mockReset();
});

async function deleteAccount() {
  const onDeleted = vi.fn(async () => {});
  render(<PrivacySection onDeleted={onDeleted} />);
  await userEvent.click(screen.getByRole('button', { name: nlPrivacy.delete }));
  await userEvent.click(screen.getByRole('button', { name: nlPrivacy.deleteYes }));
  return onDeleted;
}

describe('PrivacySection: account deletion errors', () => {
  it('Mollie refusing (409 PAYMENT_PROVIDER_REFUSED) says so in Dutch, not "try again later"', async () => {
    deleteMyAccount.mockRejectedValue(
      new ApiError(409, { error: { code: 'CONFLICT', reason: 'PAYMENT_PROVIDER_REFUSED' } }),
    );
    const onDeleted = await deleteAccount();
    expect(await screen.findByText(nlPrivacy.deleteRefused)).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('any other failure keeps the general text', async () => {
    deleteMyAccount.mockRejectedValue(new ApiError(500, { error: { code: 'INTERNAL' } }));
    await deleteAccount();
    expect(await screen.findByText(nlPrivacy.deleteFailed)).toBeTruthy();
  });
});
