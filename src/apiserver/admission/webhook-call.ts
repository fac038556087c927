// Calling an admission webhook: where its clientConfig points (a URL, or a Service resolved as the
// cluster's DNS and kube-proxy would: an ExternalName's host, or the Service's ready endpoints),
// and one AdmissionReview POSTed over TLS verified against its caBundle, within its timeout. A
// failure is a WebhookCallError whose text is what follows "failed to call webhook: " upstream.

import { request, Agent } from 'node:https';
import { isIP } from 'node:net';
import type { KubeObject } from '../../machinery/object.ts';
import type { WebhookBackend } from './webhook-backends.ts';

type Json = Record<string, any>;

export class WebhookCallError extends Error {}

/** What the webhook dispatcher may read to resolve a Service reference. */
export interface ServiceLookup {
  service(namespace: string, name: string): Promise<KubeObject | undefined>;
  endpointSlices(namespace: string, service: string): Promise<KubeObject[]>;
  /** The in-process program behind a Service (`namespace/name`), if one is registered. */
  backend(service: string): WebhookBackend | undefined;
}

export interface WebhookTarget {
  /** The URL as upstream prints it in errors (`https://svc.ns.svc:443/path?timeout=10s`). */
  url: string;
  host: string;
  port: number;
  path: string;
  /** The name the serving certificate must carry. */
  servername: string;
  /** The in-process program the Service routes to, when the webhook server is one of cozylab's own. */
  backend?: WebhookBackend;
}


/** Where a webhook's clientConfig sends its reviews. */
export async function resolveTarget(clientConfig: Json, timeoutSeconds: number, lookup: ServiceLookup): Promise<WebhookTarget> {
  if (clientConfig.url) {
    const url = new URL(String(clientConfig.url));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return { url: `${clientConfig.url}?timeout=${timeoutSeconds}s`, host, port: Number(url.port || 443), path: `${url.pathname}?timeout=${timeoutSeconds}s`, servername: host };
  }
  const ref = (clientConfig.service ?? {}) as Json;
  const name = String(ref.name ?? '');
  const namespace = String(ref.namespace ?? '');
  const port = Number(ref.port ?? 443);
  const servername = `${name}.${namespace}.svc`;
  const path = `${ref.path ?? ''}?timeout=${timeoutSeconds}s`;
  // As Go prints the URL it builds: the port always shown.
  const shown = `https://${servername}:${port}${path}`;
  const fail = (why: string): never => {
    throw new WebhookCallError(`Post "${shown}": ${why}`);
  };
  const svc = await lookup.service(namespace, name);
  if (!svc) return fail(`service "${name}" not found`);
  const spec = (svc.spec ?? {}) as Json;
  if (spec.type === 'ExternalName') return { url: shown, host: String(spec.externalName), port, path, servername };
  const svcPort = ((spec.ports ?? []) as Json[]).find((p) => p.port === port);
  if (!svcPort) return fail(`no service port ${port} found for service "${name}"`);
  for (const slice of await lookup.endpointSlices(namespace, name)) {
    const slicePort = ((slice.ports ?? []) as Json[]).find((p) => (p.name ?? '') === (svcPort.name ?? ''));
    if (!slicePort) continue;
    for (const ep of (slice.endpoints ?? []) as Json[]) {
      if (ep.conditions?.ready === false || !ep.addresses?.length) continue;
      const address = String(ep.addresses[0]);
      const backend = lookup.backend(`${namespace}/${name}`);
      if (backend) return { url: shown, host: address, port: Number(slicePort.port), path, servername, backend };
      if (ep.targetRef?.kind === 'Pod') {
        return fail(`dial tcp ${address}:${slicePort.port}: pod ${namespace}/${ep.targetRef.name} behind service "${name}" is simulated by cozylab: no process listens on it`);
      }
      return { url: shown, host: address, port: Number(slicePort.port), path, servername };
    }
  }
  return fail(`no endpoints available for service "${name}"`);
}

/** One keep-alive agent per CA bundle (most webhooks share one), so reviews reuse connections. */
const agents = new Map<string, Agent>();

function agentFor(caBundle: string | undefined): Agent {
  const key = caBundle ?? '';
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ keepAlive: true, ...(caBundle ? { ca: Buffer.from(caBundle, 'base64').toString('utf8') } : {}) });
    agents.set(key, agent);
  }
  return agent;
}

/** Node's TLS and socket failures in the words of Go's net/http and crypto/x509. */
function describe(err: NodeJS.ErrnoException & { cert?: { subjectaltname?: string } }, target: WebhookTarget): string {
  const dial = `dial tcp ${target.host}:${target.port}`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return `${dial}: connect: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `dial tcp: lookup ${target.host}: no such host`;
    case 'EHOSTUNREACH':
      return `${dial}: connect: no route to host`;
    case 'ECONNRESET':
      return 'read: connection reset by peer';
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'UNABLE_TO_GET_ISSUER_CERT':
      return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
    case 'CERT_HAS_EXPIRED':
      return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
    case 'ERR_TLS_CERT_ALTNAME_INVALID': {
      const names = (err.cert?.subjectaltname ?? '').split(', ').map((n) => n.replace(/^(DNS|IP Address):/, '')).filter(Boolean);
      return `tls: failed to verify certificate: x509: certificate is valid for ${names.join(', ')}, not ${target.servername}`;
    }
    default:
      return err.message;
  }
}

/** What client-go's rest client says of a non-2xx answer. */
function httpFailure(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as Json;
    if (parsed.kind === 'Status' && typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not a Status: described by its code below
  }
  if (status === 404) return 'the server could not find the requested resource';
  return `an error on the server (${JSON.stringify(body.trim().slice(0, 200) || 'unknown')}) has prevented the request from succeeding`;
}

/** POSTs `review` to the webhook and answers its decoded reply. */
export function postReview(target: WebhookTarget, review: Json, caBundle: string | undefined, timeoutSeconds: number): Promise<Json> {
  const body = JSON.stringify(review);
  const prefix = `Post "${target.url}"`;
  if (target.backend) return reviewInProcess(target.backend, target.path, body, prefix, timeoutSeconds);
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.host,
      port: target.port,
      path: target.path,
      method: 'POST',
      agent: agentFor(caBundle),
      ...(isIP(target.servername) ? {} : { servername: target.servername }),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, */*', 'Content-Length': Buffer.byteLength(body), 'User-Agent': 'kube-apiserver-admission' },
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('context deadline exceeded'), { code: 'DEADLINE' })), timeoutSeconds * 1000);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(new WebhookCallError(`${prefix}: ${describe(err, target)}`));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(new WebhookCallError(`${prefix}: ${err.message}`));
      });
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 299) return reject(new WebhookCallError(httpFailure(status, text)));
        try {
          resolve(JSON.parse(text) as Json);
        } catch (err) {
          reject(new WebhookCallError(`received invalid webhook response: ${(err as Error).message}`));
        }
      });
    });
    req.end(body);
  });
}

/** A review answered by an in-process program: the same JSON in and out, within the same timeout. */
async function reviewInProcess(backend: WebhookBackend, path: string, body: string, prefix: string, timeoutSeconds: number): Promise<Json> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WebhookCallError(`${prefix}: context deadline exceeded`)), timeoutSeconds * 1000);
  });
  try {
    const reply = await Promise.race([backend.review(path, JSON.parse(body) as Json), deadline]);
    return JSON.parse(JSON.stringify(reply)) as Json;
  } catch (err) {
    if (err instanceof WebhookCallError) throw err;
    throw new WebhookCallError(httpFailure(500, (err as Error).message));
  } finally {
    clearTimeout(timer);
  }
}
