import { createAdyenHostedFields, type HostedFieldsAdapter } from './hosted-fields.adapter';

declare global {
  interface Window {
    SplitPayHostedFields?: HostedFieldsAdapter;
  }
}

// The bundle's one effect: the adapter our components look for once this script has loaded.
window.SplitPayHostedFields = createAdyenHostedFields(document);
