import { HEADER_BYTES } from './wire-message.reader';

/** A wire message: header, then (for OP_MSG) its flag bits and a body. */
export function wireMessage(requestId: number, responseTo: number, options: { opCode?: number; flags?: number; body?: string } = {}): Buffer {
  const body = Buffer.from(options.body ?? 'body');
  const opCode = options.opCode ?? 2013;
  const flags = Buffer.alloc(opCode === 2013 ? 4 : 0);
  if (flags.length) flags.writeUInt32LE(options.flags ?? 0, 0);
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeInt32LE(HEADER_BYTES + flags.length + body.length, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(responseTo, 8);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, flags, body]);
}
