import { ProgressAnnouncer } from './progress-announcer';

describe('the export progress said aloud', () => {
  it('says every tenth page when pages come fast', () => {
    let now = 0;
    const announcer = new ProgressAnnouncer(() => now);
    const said = Array.from({ length: 35 }, (_, i) => ((now += 10), announcer.page() ? i + 1 : 0)).filter(Boolean);
    expect(said).toEqual([10, 20, 30]);
  });

  it('says a page when 2 s have passed since the last thing said, however few pages', () => {
    let now = 0;
    const announcer = new ProgressAnnouncer(() => now);
    now = 1_999;
    expect(announcer.page()).toBe(false);
    now = 2_000;
    expect(announcer.page()).toBe(true);
    now = 3_000;
    expect(announcer.page()).toBe(false);
    now = 4_000;
    expect(announcer.page()).toBe(true);
  });
});
