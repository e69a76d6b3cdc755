import { wireMessage } from './wire-message.fixture';
import { HEADER_BYTES, WireMessageReader } from './wire-message.reader';

describe('the wire message reader', () => {
  it('answers whole messages only, however the stream is cut', () => {
    const stream = Buffer.concat([wireMessage(1, 0, { body: 'first' }), wireMessage(2, 0, { body: 'second one' })]);
    const reader = new WireMessageReader();
    const seen = [...stream].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(seen.map((m) => [m.requestId, m.bytes.subarray(HEADER_BYTES + 4).toString()])).toEqual([
      [1, 'first'],
      [2, 'second one'],
    ]);
  });

  it('reads the request an answer is for, and the moreToCome flag of OP_MSG only', () => {
    const reader = new WireMessageReader();
    const [answer, streamed, legacy] = reader.push(
      Buffer.concat([wireMessage(9, 4), wireMessage(10, 4, { flags: 2 }), wireMessage(11, 0, { opCode: 2004, body: 'query' })]),
    );
    expect(answer).toMatchObject({ requestId: 9, responseTo: 4, moreToCome: false });
    expect(streamed).toMatchObject({ requestId: 10, moreToCome: true });
    expect(legacy).toMatchObject({ requestId: 11, moreToCome: false });
  });

  it('refuses a stream that is not the wire protocol', () => {
    expect(() => new WireMessageReader().push(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'))).toThrow(/not the MongoDB wire protocol/);
  });
});
