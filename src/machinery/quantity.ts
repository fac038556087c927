// resource.Quantity as apimachinery has it: exact (nano precision, rounded up), with the format
// of the suffix it was written in, printed in canonical form (`2`, `500m`, `1536Mi`, `2k`).

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

const NANOS_PER_UNIT = 1_000_000_000n;

const BINARY_SUFFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([suffix, exp]) => [exp, suffix]));

const QUANTITY = /^([+-]?)(\d*)(?:\.(\d*))?(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;

export class QuantityParseError extends Error {
  constructor(readonly input: string) {
    super(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
    this.name = 'QuantityParseError';
  }
}

/** a / b rounded away from zero, as inf.Dec's RoundUp does when a quantity is too precise. */
function divRoundUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b === 0n ? q : a < 0n ? q - 1n : q + 1n;
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

export class Quantity {
  private constructor(
    /** The amount in units of 10^-9. */
    readonly nanos: bigint,
    readonly format: QuantityFormat,
  ) {}

  static readonly ZERO = new Quantity(0n, 'DecimalSI');

  /** Parses `100m`, `1.5Gi`, `2k`, `1e3`; throws QuantityParseError otherwise. */
  static parse(text: string): Quantity {
    const m = QUANTITY.exec(text.trim());
    const whole = m?.[2] ?? '';
    const fraction = m?.[3] ?? '';
    if (!m || (whole === '' && fraction === '')) throw new QuantityParseError(text);
    const negative = m[1] === '-';
    const suffix = m[4] ?? '';
    const digits = BigInt(whole + fraction || '0');
    let nanos: bigint;
    let format: QuantityFormat;
    if (BINARY_SUFFIXES.includes(suffix) && suffix !== '') {
      const multiplier = 1024n ** BigInt(BINARY_SUFFIXES.indexOf(suffix));
      nanos = divRoundUp(digits * multiplier * NANOS_PER_UNIT, pow10(fraction.length));
      format = 'BinarySI';
    } else {
      const exponent = /^[eE]/.test(suffix) ? Number(suffix.slice(1)) : DECIMAL_SUFFIXES[suffix]!;
      format = /^[eE]/.test(suffix) ? 'DecimalExponent' : 'DecimalSI';
      const shift = 9 + exponent - fraction.length;
      nanos = shift >= 0 ? digits * pow10(shift) : divRoundUp(digits, pow10(-shift));
    }
    return new Quantity(negative ? -nanos : nanos, format);
  }

  /** A quantity from a string or a JSON number, or undefined when it is neither. */
  static from(value: unknown): Quantity | undefined {
    if (value instanceof Quantity) return value;
    if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
    if (typeof value !== 'string') return undefined;
    try {
      return Quantity.parse(value);
    } catch {
      return undefined;
    }
  }

  static fromInt(n: number | bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(BigInt(n) * NANOS_PER_UNIT, format);
  }

  static fromMilli(n: number | bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(BigInt(n) * 1_000_000n, format);
  }

  isZero(): boolean {
    return this.nanos === 0n;
  }

  sign(): number {
    return this.nanos === 0n ? 0 : this.nanos < 0n ? -1 : 1;
  }

  /** The sum, in this quantity's format (or the other's when this one is zero), as Quantity.Add. */
  add(other: Quantity): Quantity {
    return new Quantity(this.nanos + other.nanos, this.isZero() ? other.format : this.format);
  }

  sub(other: Quantity): Quantity {
    return new Quantity(this.nanos - other.nanos, this.isZero() ? other.format : this.format);
  }

  cmp(other: Quantity): number {
    return this.nanos === other.nanos ? 0 : this.nanos < other.nanos ? -1 : 1;
  }

  /** The value as an integer, rounded up (Quantity.Value). */
  value(): number {
    return Number(divRoundUp(this.nanos, NANOS_PER_UNIT));
  }

  /** The value in thousandths, rounded up (Quantity.MilliValue). */
  milliValue(): number {
    return Number(divRoundUp(this.nanos, 1_000_000n));
  }

  /** The value as a float, for ratios and display. */
  toNumber(): number {
    return Number(this.nanos) / 1e9;
  }

  toJSON(): string {
    return this.toString();
  }

  /** The canonical form kube-apiserver stores and prints. */
  toString(): string {
    if (this.nanos === 0n) return '0';
    const negative = this.nanos < 0n;
    const abs = negative ? -this.nanos : this.nanos;
    const sign = negative ? '-' : '';
    const integral = abs % NANOS_PER_UNIT === 0n;
    if (this.format === 'BinarySI' && abs >= 1024n * NANOS_PER_UNIT && integral) {
      let units = abs / NANOS_PER_UNIT;
      let power = 0;
      while (power < BINARY_SUFFIXES.length - 1 && units % 1024n === 0n) {
        units /= 1024n;
        power++;
      }
      return `${sign}${units}${BINARY_SUFFIXES[power]}`;
    }
    let trailingZeros = 0;
    let mantissa = abs;
    while (mantissa % 10n === 0n) {
      mantissa /= 10n;
      trailingZeros++;
    }
    const exponent = Math.min(18, Math.floor((trailingZeros - 9) / 3) * 3);
    const number = abs / pow10(exponent + 9);
    if (this.format === 'DecimalExponent') return `${sign}${number}${exponent === 0 ? '' : `e${exponent}`}`;
    return `${sign}${number}${DECIMAL_BY_EXPONENT.get(exponent)}`;
  }
}
