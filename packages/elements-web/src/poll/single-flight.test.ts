import { SingleFlight } from './single-flight';

describe('SingleFlight: one read at a time', () => {
  it('sends a read asked while one is in flight once after it, every asker meanwhile getting its result', async () => {
    const answers: ((value: number) => void)[] = [];
    const reader = new SingleFlight(() => new Promise<number>((resolve) => answers.push(resolve)));
    const first = reader._read();
    const second = reader._read();
    const third = reader._read();
    expect(answers).toHaveLength(1);
    expect(reader._busy).toBe(true);

    answers[0]!(1);
    await expect(first).resolves.toBe(1);
    expect(answers).toHaveLength(2);
    answers[1]!(2);
    await expect(second).resolves.toBe(2);
    await expect(third).resolves.toBe(2);
    expect(reader._busy).toBe(false);
    expect(answers).toHaveLength(2);
  });

  it('sends the queued read after a failed one too', async () => {
    let calls = 0;
    const reader = new SingleFlight(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return calls;
    });
    const failed = reader._read();
    const next = reader._read();
    await expect(failed).rejects.toThrow('offline');
    await expect(next).resolves.toBe(2);
  });
});
