// Writing answers: JSON or YAML bodies, Status errors, and RFC 7234 Warning headers.

import { stringify as toYaml } from 'yaml';
import { StatusError, toStatusError } from '../machinery/errors.ts';
import type { ApiResponse } from './http-types.ts';

/** `299 - "text"` with quotes and backslashes escaped, as kubectl parses them. */
export function warningHeader(text: string): string {
  return `299 - "${text.replace(/[\\"]/g, (c) => '\\' + c)}"`;
}

export function setWarnings(res: ApiResponse, warnings: string[]): void {
  if (warnings.length && !res.headersSent) res.setHeader('Warning', [...new Set(warnings)].map(warningHeader));
}

export function writeBody(res: ApiResponse, code: number, body: unknown, format: 'json' | 'yaml' = 'json', contentType?: string): void {
  const text = format === 'yaml' ? toYaml(body) : JSON.stringify(body);
  res.writeHead(code, {
    'Content-Type': contentType ?? (format === 'yaml' ? 'application/yaml' : 'application/json'),
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache, private',
  });
  res.end(text);
}

export function writeStatusError(res: ApiResponse, err: unknown): void {
  const se: StatusError = toStatusError(err);
  if (res.headersSent) {
    res.end();
    return;
  }
  if (se.code === 429 && se.details?.retryAfterSeconds) res.setHeader('Retry-After', String(se.details.retryAfterSeconds));
  writeBody(res, se.code, se.toStatus());
}

export function writeText(res: ApiResponse, code: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  res.writeHead(code, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache, private' });
  res.end(text);
}
