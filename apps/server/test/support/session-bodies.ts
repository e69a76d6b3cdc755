/** Session creation bodies the payer-flow tests share. */

/** A financed order: fully itemized cart, customer and billing file, oney plus a card. */
export function financedOrder(orderId: string, total: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    currency: 'EUR',
    total,
    orderId,
    methods: [{ method: 'card' }, { method: 'oney' }],
    returnUrl: 'https://shop.example/back',
    cartItems: [
      {
        label: 'Sofa',
        quantity: 1,
        amount: { amount: total, currency: 'EUR' },
        detail: {
          itemId: 'sofa-1',
          category: 'furniture',
          brand: 'Acme',
          discount: 0,
          tax: Math.round(total / 6),
          delivery: { type: 'carrier', speed: 'standard', expectedDate: '2026-01-10', expectedDelay: 9, label: 'Colissimo' },
        },
      },
    ],
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', ident: 'cust-1' },
    billing: { firstName: 'Ada', lastName: 'Lovelace', address: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR', mobilePhone: '+33600000000' },
    ...extra,
  };
}
