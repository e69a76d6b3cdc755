import type { ContractSettingSpec } from '@splitpay/domain';

/**
 * The fake provider reads no contract setting: its keys belong to the process (it lives in it), so a
 * contract at `fake` that gives settings is refused at start.
 */
export const FAKE_SETTINGS: readonly ContractSettingSpec[] = [];
