import { contractSettingsProblem, secretSettingNames } from '@splitpay/domain';
import { SETTINGS } from '../testing/worldline-fixtures';
import { WORLDLINE_SETTINGS } from './worldline.settings';

const { ancvProductId: _ancvOnly, ...common } = SETTINGS;
const problem = (method: 'wero' | 'ancv', settings: Record<string, unknown>) => contractSettingsProblem('worldline', method, WORLDLINE_SETTINGS, settings);

describe('Worldline contract settings', () => {
  it('wero takes operation authorization or payment, nothing else', () => {
    expect(problem('wero', common)).toBeUndefined();
    expect(problem('wero', { ...common, operation: 'authorization' })).toBeUndefined();
    expect(problem('wero', { ...common, operation: 'payment' })).toBeUndefined();
    expect(problem('wero', { ...common, operation: 'sale' })).toMatch(/^operation: /);
  });

  it('operation is not an ANCV setting (vouchers are always taken at once); ancvProductId is not a Wero one', () => {
    expect(problem('ancv', { ...common, operation: 'payment' })).toBe('operation: is not a setting of provider "worldline" for ancv');
    expect(problem('wero', { ...common, ancvProductId: 5403 })).toBe('ancvProductId: is not a setting of provider "worldline" for wero');
  });

  it('a rotation adds the retiring webhook key: its id and its secret, both or neither, the secret sealed', () => {
    const previous = { previousWebhookKeyId: 'wh-key-0', previousWebhookSecret: 'oldWebhookSecret+0123' };
    expect(problem('wero', { ...common, ...previous })).toBeUndefined();
    expect(problem('wero', { ...common, previousWebhookKeyId: 'wh-key-0' })).toMatch(/^previousWebhookSecret: is required by provider "worldline" when previousWebhookKeyId is given/);
    const lone = problem('ancv', { ...SETTINGS, previousWebhookSecret: 'oldWebhookSecret+0123' });
    expect(lone).toMatch(/^previousWebhookKeyId: is required by provider "worldline" when previousWebhookSecret is given/);
    expect(lone).not.toContain('oldWebhookSecret');
    expect(secretSettingNames(WORLDLINE_SETTINGS, 'wero')).toContain('previousWebhookSecret');
  });
});
