import { ElementsClient, mount, SplitPayError, version } from './index';

/**
 * The `<script>` build's entry: defines `window.SplitPay` itself, so the script carries none of the
 * module-interop helpers a global name over the module would add.
 */
(globalThis as unknown as { SplitPay: unknown }).SplitPay = { mount, ElementsClient, SplitPayError, version };
