/**
 * The Adyen Web adapter's entry (window.SplitPayHostedFields), as a path in the checkout: the server
 * finds it (walking up from a compiled build, where sources are not copied), bundles it as a browser
 * script and serves it at ADYEN_HOSTED_FIELDS_PATH.
 */
export const ADYEN_HOSTED_FIELDS_ENTRY = 'packages/psp-adyen/src/web/hosted-fields.entry.ts';
