// The in-process programs behind APIServices with `spec.service`: a component that would run as an
// aggregated API server (cozystack-api) registers here under the Service that fronts it
// (`cozy-system/cozystack-api`). The APIService controller routes group-versions to it.

import type { UserInfo } from '../auth/user.ts';
import type { ServedResource } from '../catalog.ts';
import type { ApiRequest, ApiResponse } from '../http-types.ts';
import type { ResourceRequestInfo } from '../request-info.ts';
import type { ResourceType } from '../resource.ts';

/** One proxied request, already authenticated and authorized by the front server. */
export interface AggregatedRequest {
  req: ApiRequest;
  res: ApiResponse;
  info: ResourceRequestInfo;
  query: URLSearchParams;
  user: UserInfo;
  /** `Warning:` header texts collected for the client. */
  warnings: string[];
  /**
   * Serves the request through the generic handlers (every verb, watch, Table, patch, dry-run) of `served`;
   * `body` when the backend has read the request body itself (to look at it first).
   */
  serve(served: ServedResource, body?: Buffer): Promise<void>;
}

export interface AggregatedBackend {
  /** The resources the backend serves in a group-version; empty when it does not serve it. */
  resources(group: string, version: string): ResourceType[];
  handle(request: AggregatedRequest): Promise<void>;
  /** Called when the set of served resources changes (discovery and OpenAPI are rebuilt). */
  onChange(listener: () => void): () => void;
}

/** Backends by `namespace/name` of their Service. */
export class AggregationBackends {
  private readonly byService = new Map<string, AggregatedBackend>();
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe = new Map<string, () => void>();

  /** Registers the program behind a Service; returns the function that unregisters it. */
  register(service: string, backend: AggregatedBackend): () => void {
    this.unsubscribe.get(service)?.();
    this.byService.set(service, backend);
    this.unsubscribe.set(service, backend.onChange(() => this.changed()));
    this.changed();
    return () => {
      if (this.byService.get(service) !== backend) return;
      this.unsubscribe.get(service)?.();
      this.unsubscribe.delete(service);
      this.byService.delete(service);
      this.changed();
    };
  }

  get(service: string): AggregatedBackend | undefined {
    return this.byService.get(service);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
