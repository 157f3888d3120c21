import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReturn } from '@/api/schemas/order-return';
import { clearUserData } from '@/lib/storage';
import { readReturns, returnsKey, saveReturn, useStoredReturns } from './returns-store';

const ASHA = 'cus_1001';
const VIKRAM = 'cus_1002';
// the key the app has always used: records saved by earlier versions must still be found
const ASHA_KEY = 'storefront-app:user:returns:cus_1001';

function aReturn(requestNumber: string, status = 'created'): OrderReturn {
  return {
    request_number: requestNumber,
    status,
    return_items: [
      {
        product_id: 'prod_1',
        product_name: 'T-shirt',
        product_image_url: null,
        sku: 'TS-M',
        selling_price: 499,
        tax_type: 'GST',
        tax_rate: 5,
        quantity: 1,
        resolution: 'refund',
        return_reason: 'Too small',
      },
    ],
    subtotal: 499,
    shipping_amount: 0,
    total_tax: 24.95,
    grand_total: 523.95,
    created_at: '2025-03-02T10:00:00Z',
    approved_at: null,
    shipped_at: null,
    received_at: null,
    original_order_number: 'ORD-1001',
    original_order_delivered_at: '2025-02-25T10:00:00Z',
    replacement_order_number: null,
    replacement_order_date: null,
    replacement_order_amount: 0,
    refund: [],
  };
}

const refuseWrites = () =>
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError');
  });

afterEach(() => {
  vi.restoreAllMocks();
  // the shared sweep, so no parsed copy outlives its test
  clearUserData();
  localStorage.clear();
  sessionStorage.clear();
});

describe('returns store', () => {
  it('reads records stored under the existing key and shape, skipping a damaged one', () => {
    expect(returnsKey(ASHA)).toBe(ASHA_KEY);
    localStorage.setItem(
      ASHA_KEY,
      JSON.stringify([
        aReturn('RET-000002'),
        { request_number: 'RET-BROKEN' },
        aReturn('RET-000001'),
      ]),
    );
    expect(readReturns(ASHA).map((r) => r.request_number)).toEqual(['RET-000002', 'RET-000001']);
  });

  it("keeps the order's currency with a return; older or damaged entries read without one", () => {
    const dollars = { name: 'US Dollar', code: 'USD', symbol: '$' };
    saveReturn(ASHA, aReturn('RET-000001'), { currency: dollars });
    expect(JSON.parse(localStorage.getItem(ASHA_KEY) ?? 'null')).toEqual([
      { ...aReturn('RET-000001'), order_currency: dollars },
    ]);
    localStorage.setItem(
      ASHA_KEY,
      JSON.stringify([
        { ...aReturn('RET-000003'), order_currency: dollars },
        { ...aReturn('RET-000002'), order_currency: { code: 7 } },
        aReturn('RET-000001'),
      ]),
    );
    expect(readReturns(ASHA).map((r) => [r.request_number, r.order_currency?.code])).toEqual([
      ['RET-000003', 'USD'],
      ['RET-000002', undefined],
      ['RET-000001', undefined],
    ]);
  });

  it('keeps the pickup address (only the lines shown) and the variant names with a return', () => {
    const pickup = {
      first_name: 'Asha',
      last_name: 'Rao',
      phone: '9876543210',
      email: 'asha@example.com',
      tax_identification_number: 'GSTIN-1',
      address_line1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      country: 'India',
    };
    saveReturn(ASHA, aReturn('RET-000001'), {
      pickupAddress: pickup,
      variantNames: { 'TSHIRT-BLU-M': 'Blue, M' },
    });
    const [kept] = JSON.parse(localStorage.getItem(ASHA_KEY) ?? '[]') as Record<string, unknown>[];
    expect(kept?.pickup_address).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      phone: '9876543210',
      address_line1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      country: 'India',
    });
    expect(kept?.variant_names).toEqual({ 'TSHIRT-BLU-M': 'Blue, M' });

    // a damaged address or list of variants is dropped, not the return
    localStorage.setItem(
      ASHA_KEY,
      JSON.stringify([
        { ...aReturn('RET-000001'), pickup_address: { city: 3 }, variant_names: ['Blue'] },
      ]),
    );
    expect(readReturns(ASHA)).toEqual([aReturn('RET-000001')]);
  });

  it('keeps a return saved when the service sent replacement_order_amount null, as 0', () => {
    localStorage.setItem(
      ASHA_KEY,
      JSON.stringify([{ ...aReturn('RET-000001'), replacement_order_amount: null }]),
    );
    expect(readReturns(ASHA)).toEqual([aReturn('RET-000001')]);
  });

  it('falls back to no records when the stored text is not a list', () => {
    localStorage.setItem(ASHA_KEY, '{"request_number":"RET-000001"}');
    expect(readReturns(ASHA)).toEqual([]);
    localStorage.setItem(ASHA_KEY, 'not json');
    expect(readReturns(ASHA)).toEqual([]);
  });

  it('stores newest first as a plain JSON list, once per request number, at most 100', () => {
    saveReturn(ASHA, aReturn('RET-000001'));
    saveReturn(ASHA, aReturn('RET-000002'));
    saveReturn(ASHA, aReturn('RET-000001', 'approved'));
    expect(JSON.parse(localStorage.getItem(ASHA_KEY) ?? 'null')).toEqual([
      aReturn('RET-000001', 'approved'),
      aReturn('RET-000002'),
    ]);

    for (let i = 3; i <= 102; i++) saveReturn(ASHA, aReturn(`RET-${String(i).padStart(6, '0')}`));
    const kept = readReturns(ASHA);
    expect(kept).toHaveLength(100);
    expect(kept[0]?.request_number).toBe('RET-000102');
    expect(kept.at(-1)?.request_number).toBe('RET-000003');
  });

  it('keeps records through a reload (a fresh module reads what the last one saved)', async () => {
    saveReturn(ASHA, aReturn('RET-000001'));
    vi.resetModules();
    const fresh = await import('./returns-store');
    expect(fresh.readReturns(ASHA)).toEqual([aReturn('RET-000001')]);
  });

  it("keeps each person's records apart", () => {
    saveReturn(ASHA, aReturn('RET-000001'));
    saveReturn(VIKRAM, aReturn('RET-000002'));
    expect(readReturns(ASHA).map((r) => r.request_number)).toEqual(['RET-000001']);
    expect(readReturns(VIKRAM).map((r) => r.request_number)).toEqual(['RET-000002']);
  });

  it('gives screens the same list while nothing changes, and the new one after a save', () => {
    const { result, rerender } = renderHook(() => useStoredReturns(ASHA));
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);
    act(() => saveReturn(ASHA, aReturn('RET-000001')));
    expect(result.current.map((r) => r.request_number)).toEqual(['RET-000001']);
  });

  it('shows a return sent from another tab', () => {
    const { result } = renderHook(() => useStoredReturns(ASHA));
    act(() => {
      localStorage.setItem(ASHA_KEY, JSON.stringify([aReturn('RET-000009')]));
      window.dispatchEvent(new StorageEvent('storage', { key: ASHA_KEY }));
    });
    expect(result.current.map((r) => r.request_number)).toEqual(['RET-000009']);
  });

  it('drops the records from memory and from screens with the sign-out sweep', () => {
    const { result } = renderHook(() => useStoredReturns(ASHA));
    act(() => saveReturn(ASHA, aReturn('RET-000001')));
    expect(result.current).toHaveLength(1);
    act(() => clearUserData());
    expect(localStorage.getItem(ASHA_KEY)).toBeNull();
    expect(result.current).toEqual([]);
  });

  it('drops a return kept only in memory (storage refused it) with the sweep', () => {
    const { result } = renderHook(() => useStoredReturns(ASHA));
    refuseWrites();
    act(() => saveReturn(ASHA, aReturn('RET-000001')));
    // the confirmation screen can still show it for this page view
    expect(result.current.map((r) => r.request_number)).toEqual(['RET-000001']);
    expect(localStorage.getItem(ASHA_KEY)).toBeNull();
    act(() => clearUserData());
    expect(result.current).toEqual([]);
    expect(readReturns(ASHA)).toEqual([]);
  });

  it('keeps the stored records when a sweep leaves them (this tab only, sessionStorage)', () => {
    saveReturn(ASHA, aReturn('RET-000001'));
    clearUserData(() => false, ['session']);
    expect(readReturns(ASHA).map((r) => r.request_number)).toEqual(['RET-000001']);
  });
});
