// The one catalogue of API errors. Every failure a client sees is a Kubernetes `Status`
// built here, with the reason, code and wording kube-apiserver uses.

export type StatusReason =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Gone'
  | 'Expired'
  | 'RequestEntityTooLarge'
  | 'UnsupportedMediaType'
  | 'Invalid'
  | 'TooManyRequests'
  | 'InternalError'
  | 'ServiceUnavailable'
  | 'Timeout';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, unknown>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: StatusReason | string;
  details?: StatusDetails;
  code: number;
}

/** A failure that carries the Status a client receives. */
export class StatusError extends Error {
  constructor(
    readonly code: number,
    /** '' only for a refusal that names no reason (a webhook's): the Status then carries none. */
    readonly reason: StatusReason | '',
    message: string,
    readonly details?: StatusDetails,
  ) {
    super(message);
    this.name = 'StatusError';
  }

  toStatus(): Status {
    const status: Status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      code: this.code,
    };
    if (this.reason) status.reason = this.reason;
    if (this.details) status.details = this.details;
    return status;
  }
}

export function isStatusError(err: unknown, reason?: StatusReason): err is StatusError {
  return err instanceof StatusError && (reason === undefined || err.reason === reason);
}

/** What a message names: `pods`, `deployments.apps`, `tenants.apps.cozystack.io`. */
export interface GroupResource {
  group: string;
  resource: string;
}

export interface GroupKind {
  group: string;
  kind: string;
}

function qualified(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

function qualifiedKind(gk: GroupKind): string {
  return gk.group ? `${gk.kind}.${gk.group}` : gk.kind;
}

export function notFound(gr: GroupResource, name: string): StatusError {
  return new StatusError(404, 'NotFound', `${qualified(gr)} "${name}" not found`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

/** A path the server does not serve at all (no such group, version or resource). */
export function pathNotFound(): StatusError {
  return new StatusError(404, 'NotFound', 'the server could not find the requested resource', {});
}

export function alreadyExists(gr: GroupResource, name: string): StatusError {
  return new StatusError(409, 'AlreadyExists', `${qualified(gr)} "${name}" already exists`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

export const STALE_OBJECT_MESSAGE =
  'the object has been modified; please apply your changes to the latest version and try again';

export function conflict(gr: GroupResource, name: string, why: string = STALE_OBJECT_MESSAGE, causes?: StatusCause[]): StatusError {
  const details: StatusDetails = { name, group: gr.group, kind: gr.resource };
  if (causes) details.causes = causes;
  return new StatusError(409, 'Conflict', `Operation cannot be fulfilled on ${qualified(gr)} "${name}": ${why}`, details);
}

export function badRequest(message: string, causes?: StatusCause[]): StatusError {
  return new StatusError(400, 'BadRequest', message, causes ? { causes } : undefined);
}

export function unauthorized(): StatusError {
  return new StatusError(401, 'Unauthorized', 'Unauthorized');
}

export function forbidden(gr: GroupResource, name: string, why: string): StatusError {
  const subject = name ? `${qualified(gr)} "${name}"` : qualified(gr);
  return new StatusError(403, 'Forbidden', `${subject} is forbidden: ${why}`, {
    name: name || undefined,
    group: gr.group,
    kind: gr.resource,
  });
}

/** A non-resource path refused by authorization (`/metrics`, `/logs` …). */
export function forbiddenPath(why: string): StatusError {
  return new StatusError(403, 'Forbidden', `forbidden: ${why}`, {});
}

export function methodNotSupported(gr: GroupResource, verb: string): StatusError {
  return new StatusError(405, 'MethodNotAllowed', `${verb} is not supported on resources of kind "${qualified(gr)}"`, {
    group: gr.group,
    kind: gr.resource,
  });
}

export function notAcceptable(message: string): StatusError {
  return new StatusError(406, 'NotAcceptable', message);
}

export function unsupportedMediaType(accepted: string[]): StatusError {
  return new StatusError(
    415,
    'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
  );
}

export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

export function requestTooLarge(limit: number = MAX_REQUEST_BODY_BYTES): StatusError {
  return new StatusError(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`);
}

/** A watch or list from a revision the store has compacted away. */
export function resourceExpired(requested: number | string, oldest: number | string): StatusError {
  return new StatusError(410, 'Expired', `too old resource version: ${requested} (${oldest})`);
}

/** A read at a revision the store has not reached yet. */
export function tooLargeResourceVersion(requested: number, current: number): StatusError {
  return new StatusError(504, 'Timeout', `Too large resource version: ${requested}, current: ${current}`, {
    causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
    retryAfterSeconds: 1,
  });
}

export function gone(message: string): StatusError {
  return new StatusError(410, 'Gone', message);
}

export function tooManyRequests(message: string, retryAfterSeconds = 1): StatusError {
  return new StatusError(429, 'TooManyRequests', message, { retryAfterSeconds });
}

export function internalError(cause: unknown): StatusError {
  const text = cause instanceof Error ? cause.message : String(cause);
  return new StatusError(500, 'InternalError', `Internal error occurred: ${text}`, {
    causes: [{ message: text }],
  });
}

/**
 * An admission webhook's refusal, as webhookerrors.ToStatusErr makes it: the webhook's own code
 * (400 at least), reason and details, its message after "admission webhook "<name>" denied the request".
 */
export function webhookDenied(webhook: string, result: { code?: unknown; reason?: unknown; message?: unknown; details?: unknown }): StatusError {
  const deniedBy = `admission webhook "${webhook}" denied the request`;
  const code = typeof result.code === 'number' && result.code >= 400 && result.code < 600 ? result.code : 400;
  const reason = typeof result.reason === 'string' ? result.reason : '';
  const message = typeof result.message === 'string' && result.message ? `${deniedBy}: ${result.message}` : reason ? `${deniedBy}: ${reason}` : `${deniedBy} without explanation`;
  const details = result.details && typeof result.details === 'object' ? (result.details as StatusDetails) : undefined;
  return new StatusError(code, reason as StatusReason, message, details);
}

export function serviceUnavailable(message: string): StatusError {
  return new StatusError(503, 'ServiceUnavailable', message);
}

export function timeout(message: string): StatusError {
  return new StatusError(504, 'Timeout', message);
}

// ---- Field errors (apimachinery's field.Error) ----

export type FieldErrorType =
  | 'FieldValueInvalid'
  | 'FieldValueRequired'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueDuplicate'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueNotFound'
  | 'FieldValueTypeInvalid';

export interface FieldError {
  type: FieldErrorType;
  field: string;
  /** The full text after "field: ", e.g. `Invalid value: "x": must be …`. */
  message: string;
}

/** Formats a value as Go's `%#v`-ish rendering kube-apiserver uses in field messages. */
export function formatFieldValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export const fieldErrors = {
  invalid(field: string, value: unknown, detail: string): FieldError {
    return { type: 'FieldValueInvalid', field, message: `Invalid value: ${formatFieldValue(value)}: ${detail}` };
  },
  /** Invalid, with the value already rendered as Go's %#v of its typed field would (`map[string]string{…}`). */
  invalidRendered(field: string, rendered: string, detail: string): FieldError {
    return { type: 'FieldValueInvalid', field, message: `Invalid value: ${rendered}: ${detail}` };
  },
  required(field: string, detail = ''): FieldError {
    return { type: 'FieldValueRequired', field, message: detail ? `Required value: ${detail}` : 'Required value' };
  },
  notSupported(field: string, value: unknown, valid: string[]): FieldError {
    const list = valid.map((v) => JSON.stringify(v)).join(', ');
    return {
      type: 'FieldValueNotSupported',
      field,
      message: `Unsupported value: ${formatFieldValue(value)}: supported values: ${list}`,
    };
  },
  forbidden(field: string, detail: string): FieldError {
    return { type: 'FieldValueForbidden', field, message: `Forbidden: ${detail}` };
  },
  duplicate(field: string, value: unknown): FieldError {
    return { type: 'FieldValueDuplicate', field, message: `Duplicate value: ${formatFieldValue(value)}` };
  },
  tooLong(field: string, value: unknown, max: number): FieldError {
    return {
      type: 'FieldValueTooLong',
      field,
      message: `Too long: may not be more than ${max} bytes`,
    };
  },
  notFound(field: string, value: unknown): FieldError {
    return { type: 'FieldValueNotFound', field, message: `Not found: ${formatFieldValue(value)}` };
  },
  typeInvalid(field: string, value: unknown, detail: string): FieldError {
    return { type: 'FieldValueTypeInvalid', field, message: `Invalid value: ${formatFieldValue(value)}: ${detail}` };
  },
};

/** 422 Invalid: `Deployment.apps "x" is invalid: spec.replicas: Invalid value: -1: …`. */
export function invalid(gk: GroupKind, name: string, errors: FieldError[]): StatusError {
  const texts = errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));
  const summary = texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
  return new StatusError(422, 'Invalid', `${qualifiedKind(gk)} "${name}" is invalid: ${summary}`, {
    name,
    group: gk.group,
    kind: gk.kind,
    causes: errors.map((e) => ({ reason: e.type, message: e.message, field: e.field })),
  });
}

/** Wraps any thrown value into a StatusError, so nothing leaves the server as a bare 500. */
export function toStatusError(err: unknown): StatusError {
  if (err instanceof StatusError) return err;
  return internalError(err);
}
