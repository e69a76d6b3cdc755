import { providerOptions } from './provider-options';

describe('the provider select options', () => {
  const catalogue: Record<string, string> = { fake: 'PSP factice' };
  const providers = [{ id: 'acquirer-b', name: 'Acquirer B' }, { id: 'fake', name: 'Fake PSP' }, { id: 'legacy-psp' }];

  it("offer the account's providers in the service's order, named by the catalogue, else by the service, else by their id", () => {
    expect(providerOptions(providers, catalogue, undefined)).toEqual([
      { value: 'acquirer-b', label: 'Acquirer B' },
      { value: 'fake', label: 'PSP factice' },
      { value: 'legacy-psp', label: 'legacy-psp' },
    ]);
  });

  it('add the provider the address names when the account holds none with it, so what is searched is shown chosen', () => {
    expect(providerOptions(providers, catalogue, 'oney').at(-1)).toEqual({ value: 'oney', label: 'oney' });
    expect(providerOptions(providers, { oney: 'Oney' }, 'oney').at(-1)).toEqual({ value: 'oney', label: 'Oney' });
    expect(providerOptions(providers, catalogue, 'fake')).toHaveLength(3);
  });
});
