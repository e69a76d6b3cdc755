import { JSDOM } from 'jsdom';
import { followRedirect } from './redirect';

describe('followRedirect', () => {
  it('navigates for a navigate redirect', () => {
    const { window } = new JSDOM('<!doctype html><body></body>', { url: 'https://shop.example/checkout' });
    const went: string[] = [];
    followRedirect(window.document as unknown as Document, { kind: 'navigate', url: 'https://psp.example/pay/1' }, (url) => went.push(url));
    expect(went).toEqual(['https://psp.example/pay/1']);
    window.close();
  });

  it('posts a hidden form whose fields keep the given order, names and exact values', () => {
    const { window } = new JSDOM('<!doctype html><body></body>', { url: 'https://shop.example/checkout' });
    const doc = window.document as unknown as Document;
    const submitted: HTMLFormElement[] = [];
    (window.HTMLFormElement.prototype as unknown as { submit: () => void }).submit = function (this: HTMLFormElement) {
      submitted.push(this);
    };
    followRedirect(doc, { kind: 'form', url: 'https://acs.example/3ds', params: { PaReq: 'a&b=c', TermUrl: 'https://x.example/?q=1&r=é', MD: '' } }, () => {
      throw new Error('no navigation for a form');
    });
    expect(submitted).toHaveLength(1);
    const form = submitted[0] as HTMLFormElement;
    expect(form.method.toLowerCase()).toBe('post');
    expect(form.action).toBe('https://acs.example/3ds');
    expect(form.hidden).toBe(true);
    expect(Array.from(form.querySelectorAll('input')).map((i) => [i.type, i.name, i.value])).toEqual([
      ['hidden', 'PaReq', 'a&b=c'],
      ['hidden', 'TermUrl', 'https://x.example/?q=1&r=é'],
      ['hidden', 'MD', ''],
    ]);
    window.close();
  });
});
