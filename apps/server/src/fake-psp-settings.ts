/** Where the fake PSP is, for this instance's drivers and for payers (docs/decisions.md D107). */
export interface FakePspPlacement {
  /** FAKE_PSP_URL: the shared fake PSP this instance's drivers call; absent, the one this instance serves. */
  readonly fakePspUrl?: string;
  /** FAKE_PSP_PUBLIC_URL: where payers' browsers reach the fake PSP's pages and its chargeback door. */
  readonly fakePspPublicUrl?: string;
  /** FAKE_PSP_MOUNT: this instance serves a fake PSP at /fake-psp (default: only without FAKE_PSP_URL). */
  readonly fakePspMount: boolean;
}

/** Reads FAKE_PSP_URL, FAKE_PSP_PUBLIC_URL and FAKE_PSP_MOUNT, recording in `problems` what cannot be used. */
export function readFakePspPlacement(env: NodeJS.ProcessEnv, problems: string[], fakePsp: boolean): FakePspPlacement {
  const fakePspUrl = absoluteUrl(env, problems, 'FAKE_PSP_URL');
  const fakePspPublicUrl = absoluteUrl(env, problems, 'FAKE_PSP_PUBLIC_URL');
  const raw = (env.FAKE_PSP_MOUNT || (env.FAKE_PSP_URL ? 'off' : 'on')).toLowerCase();
  if (raw !== 'on' && raw !== 'off') problems.push(`FAKE_PSP_MOUNT must be on or off, got ${env.FAKE_PSP_MOUNT}`);
  const fakePspMount = raw === 'on';
  if (fakePsp && raw === 'off' && !env.FAKE_PSP_URL) problems.push('FAKE_PSP_MOUNT=off needs FAKE_PSP_URL: the fake drivers of this instance would reach no fake PSP');
  // Another process's fake PSP knows only the key and secret it was given: random ones never match.
  if (fakePsp && !fakePspMount && fakePspUrl !== undefined && (!env.FAKE_PSP_API_KEY || !env.FAKE_PSP_SIGNING_SECRET)) {
    problems.push('FAKE_PSP_URL names a fake PSP this instance does not serve: set FAKE_PSP_API_KEY and FAKE_PSP_SIGNING_SECRET to the values it was started with');
  }
  return {
    ...(fakePspUrl !== undefined ? { fakePspUrl } : {}),
    ...(fakePspPublicUrl !== undefined ? { fakePspPublicUrl } : {}),
    fakePspMount,
  };
}

function absoluteUrl(env: NodeJS.ProcessEnv, problems: string[], name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${name} must be an absolute http or https URL, got ${raw}`);
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`${name} must use http or https, got ${raw}`);
    return undefined;
  }
  if (raw.includes('?') || raw.includes('#')) {
    problems.push(`${name} must not carry a query or a fragment, got ${raw}`);
    return undefined;
  }
  return raw.replace(/\/+$/, '');
}
