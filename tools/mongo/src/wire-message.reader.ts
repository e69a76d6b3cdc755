/** Bytes of the wire protocol's message header: messageLength, requestID, responseTo, opCode (int32 LE each). */
export const HEADER_BYTES = 16;
const OP_MSG = 2013;
/** OP_MSG flag: the sender expects no answer to this message (or, on an answer, more answers follow). */
const MORE_TO_COME = 1 << 1;
/** MongoDB's largest message (maxMessageSizeBytes); a longer "length" means another protocol. */
const MAX_MESSAGE_BYTES = 48_000_000;

/** One whole message of the MongoDB wire protocol, as bytes. */
export interface WireMessage {
  readonly bytes: Buffer;
  readonly requestId: number;
  readonly responseTo: number;
  /** An OP_MSG with moreToCome: no answer follows a request; another answer follows an answer. */
  readonly moreToCome: boolean;
}

/** Cuts a TCP byte stream into whole wire messages, whatever the chunking. */
export class WireMessageReader {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): WireMessage[] {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const messages: WireMessage[] = [];
    while (this.buffered.length >= HEADER_BYTES) {
      const length = this.buffered.readInt32LE(0);
      if (length < HEADER_BYTES || length > MAX_MESSAGE_BYTES) throw new Error(`wire message of ${length} bytes: not the MongoDB wire protocol`);
      if (this.buffered.length < length) break;
      const bytes = this.buffered.subarray(0, length);
      this.buffered = this.buffered.subarray(length);
      const opCode = bytes.readInt32LE(12);
      const flags = opCode === OP_MSG && bytes.length >= HEADER_BYTES + 4 ? bytes.readUInt32LE(HEADER_BYTES) : 0;
      messages.push({ bytes, requestId: bytes.readInt32LE(4), responseTo: bytes.readInt32LE(8), moreToCome: (flags & MORE_TO_COME) !== 0 });
    }
    return messages;
  }
}
