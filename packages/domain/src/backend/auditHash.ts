/**
 * The audit trail's hash, defined once: `hash = sha256_hex(prev_hash || jsonb_text(content))`,
 * as `public.audit_event_hash` computes it in SQL (05_audit.sql), so an export can be checked
 * outside the database; supabase/tests/audit-hash.test.ts proves them equal to the SQL on every
 * row the database writes. Pure TypeScript: the domain has no crypto library.
 */

// The prev_hash of the first event is declared once, beside the trail's row schema.
export { AUDIT_GENESIS_HASH } from './audit';

/** A JSON value as jsonb holds it: integers only (jsonb prints other numbers in its own way). */
export type JsonbValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonbValue[]
  | { readonly [key: string]: JsonbValue };

/** jsonb orders object keys by length, then byte by byte. */
function compareJsonbKeys(a: string, b: string): number {
  const ab = utf8(a);
  const bb = utf8(b);
  if (ab.length !== bb.length) return ab.length - bb.length;
  for (let i = 0; i < ab.length; i++) {
    const d = (ab[i] ?? 0) - (bb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Postgres's text output of a jsonb value: `{"a": 1, "bb": [1, 2]}`, keys in jsonb's order. */
export function jsonbText(value: JsonbValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`jsonbText: only whole numbers are hashed, got ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((item: JsonbValue) => jsonbText(item)).join(', ')}]`;
  const entries = Object.entries(value as { readonly [key: string]: JsonbValue });
  entries.sort(([a], [b]) => compareJsonbKeys(a, b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${jsonbText(v)}`).join(', ')}}`;
}

/**
 * A timestamptz as the hash writes it: UTC with microseconds (`2026-01-02T03:04:05.123456Z`).
 * Takes any ISO 8601 UTC form (`Z` or `+00:00`, 0 to 6 fraction digits).
 */
function auditTimestamp(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]00(?::?00)?)$/.exec(iso);
  if (!match) throw new Error(`auditTimestamp: not a UTC timestamp: ${iso}`);
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(6, '0')}Z`;
}

/** The hashed fields of an event (every column but prev_hash and hash). */
export interface AuditHashedFields {
  id: number;
  occurredAt: string;
  actorId: string | null;
  actorRole: string;
  action: string;
  memberId: string | null;
  subjectType: string | null;
  subjectId: string | null;
  details: { readonly [key: string]: JsonbValue };
  /**
   * 2 (every event the database writes now): the hash covers each personal key's digest
   * (`auditHashableDetails`) instead of its value, so the value can be erased. 1 or absent: the
   * details as they are.
   */
  hashVersion?: 1 | 2;
  /** The digests of the personal values already erased (`"[erased]"` in details). */
  erased?: { readonly [key: string]: string } | null;
}

/** The top-level payload keys that may carry a member's personal data (`public.audit_personal_keys()`). */
const auditPersonalKeys = ['answers', 'email', 'name', 'note', 'reason', 'user'] as const;

/** The payload as a version 2 hash covers it: each personal value replaced by the SHA-256 of its jsonb text. */
function auditHashableDetails(
  details: { readonly [key: string]: JsonbValue },
  erased: { readonly [key: string]: string } | null = null,
): { [key: string]: JsonbValue } {
  const out: { [key: string]: JsonbValue } = {};
  for (const [key, value] of Object.entries(details)) {
    out[key] = (auditPersonalKeys as readonly string[]).includes(key)
      ? (erased?.[key] ?? sha256Hex(jsonbText(value)))
      : value;
  }
  return out;
}

/** The text the hash is taken of: the previous hash, then the event's canonical content. */
export function auditHashInput(prevHash: string, e: AuditHashedFields): string {
  return (
    prevHash +
    jsonbText({
      id: e.id,
      occurred_at: auditTimestamp(e.occurredAt),
      actor_id: e.actorId,
      actor_role: e.actorRole,
      action: e.action,
      member_id: e.memberId,
      subject_type: e.subjectType,
      subject_id: e.subjectId,
      details: e.hashVersion === 2 ? auditHashableDetails(e.details, e.erased ?? null) : e.details,
    })
  );
}

/** An event's hash, chained to the one before it. */
export function auditEventHash(prevHash: string, e: AuditHashedFields): string {
  return sha256Hex(auditHashInput(prevHash, e));
}

function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
}

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
];

/** SHA-256 (FIPS 180-4) of the UTF-8 bytes of `text`, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  const bytes = utf8(text);
  const bitLength = bytes.length * 8;
  bytes.push(0x80);
  while (bytes.length % 64 !== 56) bytes.push(0);
  // The length as a 64-bit big-endian number (texts here are far below 2^32 bits).
  bytes.push(0, 0, 0, 0, (bitLength >>> 24) & 255, (bitLength >>> 16) & 255, (bitLength >>> 8) & 255, bitLength & 255);
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const w = new Array<number>(64).fill(0);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < bytes.length; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      w[i] =
        (((bytes[j] ?? 0) << 24) | ((bytes[j + 1] ?? 0) << 16) | ((bytes[j + 2] ?? 0) << 8) | (bytes[j + 3] ?? 0)) >>>
        0;
    }
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15] ?? 0;
      const w2 = w[i - 2] ?? 0;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + (K[i] ?? 0) + (w[i] ?? 0)) >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (next[i] ?? 0)) >>> 0;
  }
  return h.map((x) => x.toString(16).padStart(8, '0')).join('');
}
