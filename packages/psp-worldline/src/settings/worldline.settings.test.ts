import { contractSettingsProblem } from '@splitpay/domain';
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
});
