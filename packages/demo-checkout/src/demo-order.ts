import type { DemoLocale } from './demo-page.html';

/**
 * The demo shop's order: a weekend trip paid across methods. Every method of the demo merchant is
 * offered, the card may be granted less than asked (partial authorization), the financing plans need
 * the itemized cart and billing file, and the terms of sale must be accepted before paying.
 */
export const DEMO_TOTAL = 12_000;

/** What the payer reads of the order (the cart lines, the terms), in the page's language. */
const WORDING: Record<DemoLocale, { readonly hotel: string; readonly boat: string; readonly terms: string }> = {
  en: { hotel: 'Lakeside hotel, one night', boat: 'Boat tour on the lake', terms: 'Terms of sale' },
  fr: { hotel: 'Hôtel au bord du lac, une nuit', boat: 'Promenade en bateau sur le lac', terms: 'Conditions générales de vente' },
};

export function demoSessionBody(orderId: string, baseUrl: string, now: number, lang: DemoLocale = 'en'): Record<string, unknown> {
  const words = WORDING[lang];
  const today = new Date(now).toISOString().slice(0, 10);
  // No language: the page the payer comes back to speaks the one they last chose for the order (the shop remembers it).
  const back = `${baseUrl}/demo?order=${encodeURIComponent(orderId)}`;
  const line = (itemId: string, label: string, quantity: number, amount: number, category: string): Record<string, unknown> => ({
    label,
    quantity,
    amount: { amount, currency: 'EUR' },
    detail: { itemId, category, brand: 'Lac Bleu', discount: 0, tax: Math.round(amount / 6), delivery: { type: 'edelivery', speed: 'express', expectedDate: today, expectedDelay: 0, label: 'E-ticket' } },
  });
  return {
    currency: 'EUR',
    total: DEMO_TOTAL,
    orderId,
    statementDescriptor: 'LAC BLEU TRIPS',
    methods: [{ method: 'card', partialAuth: true, cardHolder: false }, { method: 'ancv' }, { method: 'paypal' }, { method: 'wero' }, { method: 'applepay' }, { method: 'oney' }],
    cartItems: [line('hotel-night', words.hotel, 1, 8_000, 'travel'), line('boat-tour', words.boat, 2, 4_000, 'leisureandhobbies')],
    customer: { firstName: 'Camille', lastName: 'Martin', email: 'camille@example.test', ident: 'demo-customer' },
    billing: { firstName: 'Camille', lastName: 'Martin', address: '1 quai de la Tournette', postalCode: '74000', city: 'Annecy', country: 'FR', mobilePhone: '+33600000000' },
    terms: [
      { label: words.terms, url: `${baseUrl}/demo/terms${lang === 'en' ? '' : `?lang=${lang}`}` },
    ],
    returnUrl: back,
    cancelUrl: back,
    notificationUrl: `${baseUrl}/demo/webhooks`,
  };
}
