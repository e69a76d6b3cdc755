import { CheckoutController } from './checkout-controller';
import type { SplitPayHandle, SplitPayOptions } from './mount-options';

const mounted = new WeakMap<Element, CheckoutController>();

/**
 * Mounts the checkout into `target` (an element or a selector) and reads the session view. Mounting
 * again on the same element replaces the first instance. Touches the DOM only when called, so the
 * module can be imported where there is no window (server-side rendering).
 */
export function mount(target: Element | string, options: SplitPayOptions): SplitPayHandle {
  const element = typeof target === 'string' ? globalThis.document?.querySelector(target) : target;
  if (!element) throw new Error(`SplitPay.mount: no element matches ${String(target)}`);
  if (!options || typeof options.elementsToken !== 'string' || typeof options.baseUrl !== 'string') throw new Error('SplitPay.mount: elementsToken and baseUrl are required');
  mounted.get(element)?.destroy();
  const controller = new CheckoutController(element, options);
  mounted.set(element, controller);
  void controller.start();
  const unmount = (): void => {
    controller.destroy();
    if (mounted.get(element) === controller) mounted.delete(element);
  };
  return {
    refresh: () => controller.refresh(),
    getView: () => controller.getView(),
    unmount,
    destroy: unmount,
  };
}
