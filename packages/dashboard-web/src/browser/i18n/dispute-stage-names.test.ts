import { translator } from './i18n';
import { disputeStageWords } from './dispute-stage-names';

const en = translator('en').t;
const fr = translator('fr').t;

// Every stage a driver stores today: psp-fake, psp-adyen (event codes), psp-worldline (payment status), psp-paypal (dispute status).
const STORED = [
  'opened', 'won', 'lost',
  'CHARGEBACK', 'SECOND_CHARGEBACK', 'PREARBITRATION_LOST', 'CHARGEBACK_REVERSED', 'PREARBITRATION_WON',
  'CHARGEBACKED',
  'OPEN', 'WAITING_FOR_BUYER_RESPONSE', 'WAITING_FOR_SELLER_RESPONSE', 'UNDER_REVIEW', 'RESOLVED', 'OTHER',
];

describe('disputeStageWords', () => {
  it.each(STORED)('words the stored stage %s in English and in French', (stage) => {
    expect(Object.hasOwn(en.chargebackStatus, stage)).toBe(true);
    expect(Object.hasOwn(fr.chargebackStatus, stage)).toBe(true);
    expect(disputeStageWords(en, stage)).toBe(en.chargebackStatus[stage]);
    expect(disputeStageWords(fr, stage)).toBe(fr.chargebackStatus[stage]);
  });

  it("words the drivers' stages", () => {
    expect(disputeStageWords(en, 'UNDER_REVIEW')).toBe('under review');
    expect(disputeStageWords(fr, 'UNDER_REVIEW')).toBe("en cours d'examen");
    expect(disputeStageWords(en, 'CHARGEBACK_REVERSED')).toBe('chargeback reversed');
    expect(disputeStageWords(fr, 'SECOND_CHARGEBACK')).toBe('seconde rétrofacturation');
    expect(disputeStageWords(fr, 'won')).toBe('gagnée');
  });

  it("words a resolved PayPal dispute with its outcome", () => {
    expect(disputeStageWords(en, 'RESOLVED:RESOLVED_SELLER_FAVOUR')).toBe('resolved (in your favour)');
    expect(disputeStageWords(fr, 'RESOLVED:RESOLVED_BUYER_FAVOUR')).toBe("résolue (en faveur de l'acheteur)");
  });

  it('shows a stage or outcome it does not know readable, never blank', () => {
    expect(disputeStageWords(en, 'PENDING_ARBITRATION')).toBe('pending arbitration');
    expect(disputeStageWords(fr, 'RESOLVED:SPLIT_DECISION')).toBe('résolue (split decision)');
    expect(disputeStageWords(en, 'constructor')).toBe('constructor');
    expect(disputeStageWords(en, '___')).toBe('___');
  });
});
