import { adyenWebOptionsOf } from './adyen-web-options';
import { createAdyenHostedFields, type HostedFieldsAdapter } from './hosted-fields.adapter';

declare global {
  interface Window {
    SplitPayHostedFields?: HostedFieldsAdapter;
  }
}

// The bundle's one effect: the adapter our components look for once this script has loaded. It runs
// as the script loads, so currentScript is the adapter's own element, whose URL carries the service's options.
const script = document.currentScript;
window.SplitPayHostedFields = createAdyenHostedFields(document, adyenWebOptionsOf(script instanceof HTMLScriptElement ? script.src : undefined));
