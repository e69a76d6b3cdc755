import type { MethodOffer } from '../method/method';
import { cardholderFallback } from './cardholder-name.rule';

const card = { id: 'card', method: 'card', provider: 'fake' } as MethodOffer;

describe('cardholderFallback', () => {
  it("is the customer's first and last name", () => {
    expect(cardholderFallback({ customer: { firstName: 'Zoë', lastName: '李' } }, card)).toBe('Zoë 李');
  });

  it('sends a control character or lone surrogate of a customer stored before creation refused them as a space (D67)', () => {
    expect(cardholderFallback({ customer: { firstName: 'Ada\u0000', lastName: 'Love\nlace\u0085\uD83D' } }, card)).toBe('Ada Love lace');
  });
});
