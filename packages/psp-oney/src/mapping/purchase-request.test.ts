import { money } from '@splitpay/domain';
import { openInput, SETTINGS } from '../testing/oney-fixtures';
import { readOneySettings, type OneySettings } from '../settings/oney.settings';
import { purchaseRequest } from './purchase-request';

const settings = readOneySettings(SETTINGS) as OneySettings;
const labels = (cartItems: { label: string; quantity: number; amount: ReturnType<typeof money> }[], amount = 10_000): unknown[] => {
  const body = purchaseRequest(settings, openInput({ amount: money(amount, 'EUR'), order: { orderId: 'order-42', cartItems } }), 'OPC3X');
  return ((body.purchase as { item_list: { label: string }[] }).item_list).map((line) => line.label);
};

describe('Oney item_list labels', () => {
  it('are trimmed and their inner white space made one space', () => {
    expect(labels([
      { label: '  Smart\tTV \n 55"  ', quantity: 1, amount: money(8_000, 'EUR') },
      { label: 'HDMI    cable', quantity: 2, amount: money(2_000, 'EUR') },
    ])).toEqual(['Smart TV 55"', 'HDMI cable']);
  });

  it('are not cut: Oney documents no maximum length', () => {
    const long = 'x'.repeat(300);
    expect(labels([{ label: long, quantity: 1, amount: money(10_000, 'EUR') }])).toEqual([long]);
  });

  it('a blank label is never sent: the line is named after the order', () => {
    expect(labels([{ label: ' \t ', quantity: 1, amount: money(10_000, 'EUR') }])).toEqual(['Order order-42']);
  });

  it('the one line of a tranche names the main item cleaned, or only the order when its label is blank', () => {
    expect(labels([{ label: '  Smart   TV ', quantity: 1, amount: money(10_000, 'EUR') }], 6_000)).toEqual(['Part of order order-42: Smart TV']);
    expect(labels([{ label: '   ', quantity: 1, amount: money(10_000, 'EUR') }], 6_000)).toEqual(['Part of order order-42']);
  });
});
