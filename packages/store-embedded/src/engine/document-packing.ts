import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StoredDocument } from './apply-update';

/** A document as the engine keeps it: one string (compressed JSON), nothing shared with any caller. */
export type PackedDocument = string;

/** Dictionaries a collection adopts at most; each is one earlier document's JSON. */
const MAX_DICTIONARIES = 8;
/** A document this much larger than the newest dictionary becomes the next one (documents grow with their history). */
const GROWTH = 1.5;
/** Deflate's window: a longer dictionary is cut to its end. */
const MAX_DICTIONARY_BYTES = 32 * 1024;
const DATE_FIELD = '$date';
const HEADER_BASE = 0x30;

// Called on every document packed: scalars are skipped without a call, arrays walked by index.
function hasDate(value: object): boolean {
  if (value instanceof Date) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && hasDate(item)) return true;
    }
    return false;
  }
  for (const key in value) {
    const inner = (value as Record<string, unknown>)[key];
    if (typeof inner === 'object' && inner !== null && hasDate(inner)) return true;
  }
  return false;
}

// Field names starting with `$` never reach a stored document (MongoDB refuses them), so `{ $date }` is ours.
function dateReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Date ? { [DATE_FIELD]: raw.getTime() } : value;
}

function dateReviver(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === DATE_FIELD) return new Date((value as Record<string, number>)[DATE_FIELD] as number);
  }
  return value;
}

/**
 * The compact form of a collection's stored documents, as block compression does in MongoDB's own
 * engine: each document is its JSON (dates kept as dates), deflated against a dictionary made of an
 * earlier document of the same collection (documents of one collection share their field names and
 * most of their values), held as a one-byte string. A read parses a fresh copy, so no caller ever
 * holds stored state, and no deep copy is needed on the way out.
 *
 * The first character names the dictionary and whether the document holds dates.
 */
export class DocumentPacker {
  private readonly dictionaries: Buffer[] = [];

  pack(doc: StoredDocument): PackedDocument {
    const dated = hasDate(doc);
    const json = Buffer.from(dated ? JSON.stringify(doc, dateReplacer) : JSON.stringify(doc), 'utf8');
    const newest = this.dictionaries[this.dictionaries.length - 1];
    if (this.dictionaries.length < MAX_DICTIONARIES && (!newest || json.length >= newest.length * GROWTH)) {
      this.dictionaries.push(Buffer.from(json.subarray(Math.max(0, json.length - MAX_DICTIONARY_BYTES))));
    }
    const which = this.dictionaries.length - 1;
    const packed = deflateRawSync(json, { dictionary: this.dictionaries[which] as Buffer });
    return String.fromCharCode(HEADER_BASE + which * 2 + (dated ? 1 : 0)) + packed.toString('latin1');
  }

  unpack(packed: PackedDocument): StoredDocument {
    const header = packed.charCodeAt(0) - HEADER_BASE;
    const dictionary = this.dictionaries[header >> 1] as Buffer;
    const json = inflateRawSync(Buffer.from(packed.slice(1), 'latin1'), { dictionary }).toString('utf8');
    return (header & 1 ? JSON.parse(json, dateReviver) : JSON.parse(json)) as StoredDocument;
  }

  /** The document's JSON as packed (to compare two versions without parsing). */
  json(packed: PackedDocument): string {
    const dictionary = this.dictionaries[(packed.charCodeAt(0) - HEADER_BASE) >> 1] as Buffer;
    return inflateRawSync(Buffer.from(packed.slice(1), 'latin1'), { dictionary }).toString('utf8');
  }
}
