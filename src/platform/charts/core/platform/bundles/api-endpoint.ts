// `urlParse` + `splitList ":"` of bundles/system.yaml: the host and port cilium uses to reach the
// API server on generic Kubernetes. Go keeps an explicit default port (":443"), so this reads the
// authority by hand rather than through WHATWG URL, which drops it.

export const DEFAULT_API_SERVER_PORT = '6443';

export function apiServerHostPort(endpoint: string): { host: string; port: string } {
  if (!endpoint) return { host: '', port: DEFAULT_API_SERVER_PORT };
  const authority = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/?#]*)/.exec(endpoint)?.[1] ?? '';
  const hostPort = authority.replace(/^.*@/, '').split(':');
  return { host: hostPort[0] ?? '', port: hostPort.length > 1 ? hostPort[1]! : DEFAULT_API_SERVER_PORT };
}
