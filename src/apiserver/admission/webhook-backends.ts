// The in-process programs behind admission webhooks' Services: a platform component that would
// run as a webhook server (the lineage-controller-webhook) registers here under the Service that
// fronts it (`cozy-system/lineage-controller-webhook`). A webhook whose clientConfig names that
// Service is sent its reviews here once the Service has a ready endpoint, as kube-proxy would
// route them to a ready pod.

type Json = Record<string, any>;

export interface WebhookBackend {
  /** Answers one AdmissionReview POSTed to `path`, as the server's HTTP handler would. */
  review(path: string, review: Json): Promise<Json>;
}

/** Backends by `namespace/name` of their Service. */
export class WebhookBackends {
  private readonly byService = new Map<string, WebhookBackend>();

  /** Registers the program behind a Service; returns the function that unregisters it. */
  register(service: string, backend: WebhookBackend): () => void {
    this.byService.set(service, backend);
    return () => {
      if (this.byService.get(service) === backend) this.byService.delete(service);
    };
  }

  get(service: string): WebhookBackend | undefined {
    return this.byService.get(service);
  }
}
