import { factsOfItem, type NotificationItem } from '../mapping/event-code';
import { notificationItem, webhook, type ItemFields } from '../testing/adyen-fixtures';
import { notification, NotificationRequest } from '../testing/official-model';

/**
 * Our webhook fixtures read by the official library's NotificationRequest (its Notification and
 * NotificationRequestItem models): every field kept, and our mapping makes the same facts of them.
 */

const payment = { pspReference: 'PSPPAY1', merchantReference: 'tx-1', amount: 10_000 };
const modification = { pspReference: 'PSPMOD1', originalReference: 'PSPPAY1', merchantReference: 'tx-2', amount: 4_000 };
const chargeback = { ...modification, additionalData: { chargebackReasonCode: '10.4', defensePeriodEndsAt: '2026-02-01T00:00:00+01:00' } };

/** One item for each event code our mapping turns into facts (README, Webhook). */
const ITEMS: readonly ItemFields[] = [
  { eventCode: 'AUTHORISATION', ...payment, paymentMethod: 'visa', additionalData: { 'tokenization.storedPaymentMethodId': 'STORED-1' } },
  { eventCode: 'AUTHORISATION', success: false, ...payment, reason: 'Not enough balance', additionalData: { refusalReasonCode: '12' } },
  { eventCode: 'CAPTURE', ...modification },
  { eventCode: 'CAPTURE_FAILED', ...modification },
  { eventCode: 'CANCELLATION', ...modification },
  { eventCode: 'TECHNICAL_CANCEL', ...modification },
  { eventCode: 'CANCEL_OR_REFUND', ...modification, additionalData: { 'modification.action': 'refund' } },
  { eventCode: 'REFUND', success: false, ...modification, reason: "Transaction hasn't been captured, refund not possible" },
  { eventCode: 'REFUND_FAILED', ...modification },
  { eventCode: 'REFUNDED_REVERSED', ...modification },
  // NOTIFICATION_OF_CHARGEBACK is not among them: a dispute opened moves no money (no fact).
  ...['CHARGEBACK', 'SECOND_CHARGEBACK', 'PREARBITRATION_LOST', 'CHARGEBACK_REVERSED', 'PREARBITRATION_WON'].map((eventCode) => ({ eventCode, ...chargeback })),
];

const itemsOf = (rawBody: string): NotificationItem[] =>
  (JSON.parse(rawBody) as { notificationItems: { NotificationRequestItem: NotificationItem }[] }).notificationItems.map((entry) => entry.NotificationRequestItem);

describe("Adyen's NotificationRequest reads our webhooks", () => {
  it.each(ITEMS.map((fields) => [fields.eventCode, fields.success ?? true, fields] as const))('%s (success %s): kept whole, and mapped alike', (_code, _success, fields) => {
    const { rawBody } = webhook([notificationItem(fields)]);
    const read = new NotificationRequest(JSON.parse(rawBody));
    const [ours] = itemsOf(rawBody);
    const [theirs] = JSON.parse(JSON.stringify(read.notificationItems)) as NotificationItem[];
    expect(read.live).toBe('false');
    expect(theirs).toEqual(ours);
    expect(factsOfItem(theirs as NotificationItem)).toEqual(factsOfItem(ours as NotificationItem));
    expect(factsOfItem(ours as NotificationItem)).not.toEqual([]);
  });

  it("the event codes our mapping acts on are Adyen's own (NotificationRequestItem.EventCodeEnum), and exactly those of the fixtures", () => {
    const official = Object.values(notification.NotificationRequestItem.EventCodeEnum) as string[];
    const acted = official.filter((eventCode) => {
      const fields = ITEMS.find((item) => item.eventCode === eventCode) ?? { eventCode, ...chargeback };
      return factsOfItem(itemsOf(webhook([notificationItem({ ...fields, eventCode })]).rawBody)[0] as NotificationItem).length > 0;
    });
    expect(acted.sort()).toEqual([...new Set(ITEMS.map((item) => item.eventCode))].sort());
  });
});
