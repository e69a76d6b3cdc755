import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StoredDocument } from './apply-update';

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
 * Several documents of one collection packed together, as block compression does in MongoDB's own
 * engine: their JSON texts one after the other (dates kept as dates), deflated at once against a
 * dictionary made of an earlier document of the same collection (documents of one collection share
 * their field names and most of their values), held as a one-byte string. Deflating a block costs
 * one compressor set-up for all its documents, and each document is compressed against those before
 * it in the block as well.
 */
export interface PackedBlock {
  /** The dictionary's number (one character), then the deflated texts as latin1. */
  readonly data: string;
  /** Where each document's text ends in the inflated block (its start is the previous end). */
  readonly ends: readonly number[];
  /** Bit `i` set: document `i` holds dates (parsed back with the reviver). */
  readonly dated: number;
}

/**
 * zlib's level 3, not its default 6: a block of 16 paid sessions deflates in half the time (about
 * 115 us instead of 235 us on the bench machine) for about 15 % more bytes (334 instead of 289 per
 * session document), well within the heap a stored session may take.
 */
const DEFLATE_LEVEL = 3;

/** Documents packed in one block at most (the bit mask `dated` holds 31). */
export const MAX_BLOCK_DOCUMENTS = 16;
/**
 * A block's text is closed once it reaches this many characters: reading one document inflates its
 * whole block, so a block of large documents holds fewer of them.
 */
export const MAX_BLOCK_CHARS = 16 * 1024;

/**
 * The compact form of a collection's stored documents (PackedBlock). A read inflates the block and
 * parses a fresh copy of its one document, so no caller ever holds stored state, and no deep copy is
 * needed on the way out. The last block inflated is kept as text: reading several documents stored
 * together (a page of search entries) inflates their block once.
 *
 * A document rewritten after it was packed leaves its old text in its block, which lives as long as
 * one of its documents is still stored there: at most MAX_BLOCK_DOCUMENTS - 1 stale texts per block.
 */
export class DocumentPacker {
  private readonly dictionaries: Buffer[] = [];
  private lastInflated: { readonly block: PackedBlock; readonly text: string } | undefined;

  /**
   * Packs `docs` in as few blocks as MAX_BLOCK_DOCUMENTS and MAX_BLOCK_CHARS allow, in order; tells
   * `place` where each one went (its index in `docs`, its block, its place in the block).
   */
  pack(docs: readonly StoredDocument[], place: (index: number, block: PackedBlock, at: number) => void): void {
    let first = 0;
    let text = '';
    const ends: number[] = [];
    let dated = 0;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i] as StoredDocument;
      const withDates = hasDate(doc);
      if (withDates) dated |= 1 << (i - first);
      text += withDates ? JSON.stringify(doc, dateReplacer) : JSON.stringify(doc);
      ends.push(text.length);
      if (i === docs.length - 1 || ends.length === MAX_BLOCK_DOCUMENTS || text.length >= MAX_BLOCK_CHARS) {
        const block = this.block(text, ends.splice(0), dated);
        for (let at = 0; at <= i - first; at++) place(first + at, block, at);
        first = i + 1;
        text = '';
        dated = 0;
      }
    }
  }

  private block(text: string, ends: readonly number[], dated: number): PackedBlock {
    this.adoptDictionary(Buffer.from(text.slice(0, ends[0]), 'utf8'));
    const which = this.dictionaries.length - 1;
    const deflated = deflateRawSync(Buffer.from(text, 'utf8'), { level: DEFLATE_LEVEL, dictionary: this.dictionaries[which] as Buffer });
    return { data: String.fromCharCode(HEADER_BASE + which) + deflated.toString('latin1'), ends, dated };
  }

  /** A fresh copy of the document at `at` in `block`. */
  unpack(block: PackedBlock, at: number): StoredDocument {
    const text = this.inflated(block);
    const json = text.slice(at === 0 ? 0 : block.ends[at - 1], block.ends[at]);
    return (block.dated & (1 << at) ? JSON.parse(json, dateReviver) : JSON.parse(json)) as StoredDocument;
  }

  /** The first document's JSON becomes the next dictionary when it is much larger than the newest one (documents grow with their history). */
  private adoptDictionary(json: Buffer): void {
    const newest = this.dictionaries[this.dictionaries.length - 1];
    if (this.dictionaries.length < MAX_DICTIONARIES && (!newest || json.length >= newest.length * GROWTH)) {
      this.dictionaries.push(Buffer.from(json.subarray(Math.max(0, json.length - MAX_DICTIONARY_BYTES))));
    }
  }

  private inflated(block: PackedBlock): string {
    if (this.lastInflated?.block === block) return this.lastInflated.text;
    const dictionary = this.dictionaries[block.data.charCodeAt(0) - HEADER_BASE] as Buffer;
    const text = inflateRawSync(Buffer.from(block.data.slice(1), 'latin1'), { dictionary }).toString('utf8');
    this.lastInflated = { block, text };
    return text;
  }
}
