// resource.Quantity as numbers: "100m" CPU, "128Mi" memory, "1e3", "2k". Inventory sizes may
// also be written the way disks are sold: "50GB", "1TB", "24GiB".

import { Quantity } from '../../machinery/quantity.ts';

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$/;

/** The value of a Kubernetes quantity, or undefined when it is not one. */
export function parseQuantity(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = QUANTITY.exec(value.trim());
  if (!m) return undefined;
  const base = Number(m[1]);
  if (m[2]) return base * 10 ** Number(m[2].slice(1));
  const suffix = m[3] ?? '';
  return base * (BINARY[suffix] ?? DECIMAL[suffix]!);
}

/** Bytes of a size written as a quantity ("24Gi") or as sold ("50GB", "24GiB", "1 TB"). */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'string') {
    const sold = /^\s*(\d+(?:\.\d+)?)\s*([KMGTPE])(i?)B\s*$/i.exec(value);
    if (sold) {
      const unit = sold[2]!.toUpperCase();
      const exp = 'KMGTPE'.indexOf(unit) + 1;
      return Number(sold[1]) * (sold[3] ? 1024 ** exp : 1000 ** exp);
    }
  }
  return parseQuantity(value);
}

/** Millicores of a CPU quantity, rounded up as resource.Quantity.MilliValue does. */
export function milliCPU(value: unknown): number {
  const q = parseQuantity(value);
  return q === undefined ? 0 : Math.ceil(q * 1000 - 1e-9);
}

/** An integer quantity (bytes, counts), rounded up as resource.Quantity.Value does. */
export function quantityValue(value: unknown): number {
  const q = parseQuantity(value);
  return q === undefined ? 0 : Math.ceil(q - 1e-9);
}

/** Bytes as the kubelet reports memory and ephemeral storage: whole Ki, printed canonically as a BinarySI resource.Quantity ("24Gi", "24476Mi", "1536Ki"). */
export function formatKi(bytes: number): string {
  return Quantity.fromInt(Math.floor(bytes / 1024) * 1024, 'BinarySI').toString();
}

/** Millicores as canonical CPU quantity: "8", "7950m". */
export function formatMilliCPU(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

/** Decimal gigabytes for messages: "50 GB", "12.5 GB". */
export function formatGB(bytes: number): string {
  const gb = bytes / 1e9;
  return `${Number.isInteger(gb) ? gb : Number(gb.toFixed(1))} GB`;
}
