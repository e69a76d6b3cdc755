export { createFakePsp, type FakePsp, type FakePspDeps } from './server/fake-psp.router';
export { createFakeProvider, fakePlugin, type FakeProviderDeps } from './provider/fake.provider';
export { FAKE_SETTINGS } from './provider/fake.settings';
export { FakeDriver, type FakeDriverDeps } from './driver/fake.driver';
export { FAKE_CAPABILITIES } from './driver/capabilities';
export { TEST_CARDS } from './server/card-script';
export * from './protocol/fake-psp.protocol';
export { signBody } from './protocol/signature';
export type { UrlSource } from './protocol/url-source';
