import { describe, expect, it, vi } from 'vitest';
import {
  loadPaymentProvider,
  PAYMENT_KEY_MISSING,
  PAYMENT_LOADER_FAILED,
  PaymentSetupError,
} from './payment';

// Stripe.js itself comes from js.stripe.com, which this machine cannot reach: the loader is given.
describe('loadPaymentProvider (spec 7, 8)', () => {
  it('throws a French setup error when no publishable key is configured, without loading anything', async () => {
    const load = vi.fn();
    await expect(loadPaymentProvider(null, load)).rejects.toThrow(PaymentSetupError);
    await expect(loadPaymentProvider('', load)).rejects.toThrow(PAYMENT_KEY_MISSING);
    expect(load).not.toHaveBeenCalled();
  });

  it('turns a script that fails to load, or loads nothing, into the loader’s error state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = vi.fn().mockRejectedValue(new Error('Failed to load Stripe.js'));
    await expect(loadPaymentProvider('pk_test_abc', failing)).rejects.toThrow(
      PAYMENT_LOADER_FAILED,
    );
    expect(failing).toHaveBeenCalledWith('pk_test_abc');
    await expect(loadPaymentProvider('pk_test_abc', () => Promise.resolve(null))).rejects.toThrow(
      PaymentSetupError,
    );
  });

  it('resolves once Stripe.js is there', async () => {
    await expect(
      loadPaymentProvider('pk_test_abc', () => Promise.resolve({ elements: () => null })),
    ).resolves.toBeUndefined();
  });
});
