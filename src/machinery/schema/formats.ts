// The string formats CRD schemas validate (apiextensions-apiserver's supported set, checked the
// way go-openapi/strfmt does). Unsupported formats are ignored, as the server strips them.

import { isIP } from 'node:net';
import { parsePrefix } from '../net/ip.ts';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const TIME_OF_DAY = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(z|[+-][0-9]{2}:[0-9]{2})$/;
const MAC = /^(?:[0-9a-f]{2}(?::[0-9a-f]{2}){5,19}|[0-9a-f]{2}(?:-[0-9a-f]{2}){5,19}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){2,9})$/i;
const HOSTNAME_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
const DURATION = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$|^\d+\s*(?:ns|us|µs|ms|s|m|h|d|w|nanos?|nanoseconds?|micros?|microseconds?|millis?|milliseconds?|seconds?|sec|minutes?|min|hours?|hr|days?|weeks?|wk)$/i;
const ISBN10 = /^(?:[0-9]{9}X|[0-9]{10})$/;
const ISBN13 = /^(?:[0-9]{13})$/;
const CREDIT_CARD = /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/;
const SSN = /^\d{3}[- ]?\d{2}[- ]?\d{4}$/;
const HEX_COLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const RGB_COLOR = /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/;
const EMAIL = /^(?:[^<>@\s]+@[^<>@\s]+\.?[^<>@\s]*|.*<[^<>@\s]+@[^<>@\s]+>)$/;
const URI = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\S*|\/\S*)$/;

function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function isDateTime(text: string): boolean {
  if (text.length < 4) return false;
  const parts = text.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const m = TIME_OF_DAY.exec(parts[1]!);
  if (!m) return false;
  return Number(m[1]) < 24 && Number(m[2]) < 60 && Number(m[3]) < 60;
}

function isHostname(text: string): boolean {
  if (text.length === 0 || text.length > 255) return false;
  return text.replace(/\.$/, '').split('.').every((label) => HOSTNAME_LABEL.test(label));
}

function isCIDR(text: string): boolean {
  return parsePrefix(text) !== undefined;
}

function isISBN(text: string): boolean {
  const digits = text.replace(/[\s-]/g, '');
  return ISBN10.test(digits) || ISBN13.test(digits);
}

const CHECKS: Record<string, (text: string) => boolean> = {
  bsonobjectid: (t) => /^[0-9a-f]{24}$/i.test(t),
  uri: (t) => URI.test(t),
  email: (t) => EMAIL.test(t),
  hostname: isHostname,
  ipv4: (t) => isIP(t) === 4,
  ipv6: (t) => isIP(t) === 6,
  cidr: isCIDR,
  mac: (t) => MAC.test(t),
  uuid: (t) => UUID.test(t),
  uuid3: (t) => UUID3.test(t),
  uuid4: (t) => UUID4.test(t),
  uuid5: (t) => UUID5.test(t),
  isbn: isISBN,
  isbn10: (t) => ISBN10.test(t.replace(/[\s-]/g, '')),
  isbn13: (t) => ISBN13.test(t.replace(/[\s-]/g, '')),
  creditcard: (t) => CREDIT_CARD.test(t.replace(/\D/g, '')),
  ssn: (t) => SSN.test(t),
  hexcolor: (t) => HEX_COLOR.test(t),
  rgbcolor: (t) => RGB_COLOR.test(t),
  byte: (t) => BASE64.test(t),
  password: () => true,
  date: isDate,
  duration: (t) => DURATION.test(t.trim()),
  datetime: isDateTime,
};

/** go-openapi normalizes format names by dropping dashes (`date-time` → `datetime`). */
function normalize(format: string): string {
  return format.replaceAll('-', '');
}

export function isKnownStringFormat(format: string): boolean {
  return Object.hasOwn(CHECKS, normalize(format));
}

export function matchesStringFormat(format: string, text: string): boolean {
  const check = CHECKS[normalize(format)];
  return check ? check(text) : true;
}

/** The format the server validates for a schema node, after dropping unsupported ones. */
export function supportedFormat(format: unknown, types: string[]): string {
  if (typeof format !== 'string' || format === '') return '';
  const type = types.length === 1 ? types[0] : '';
  switch (type) {
    case '':
    case 'string':
      return isKnownStringFormat(format) ? format : '';
    case 'integer':
      return format === 'int32' || format === 'int64' ? format : '';
    case 'number':
      return format === 'float' || format === 'double' ? format : '';
    default:
      return '';
  }
}
