// The Kubernetes version cozylab's API server answers as (`/version`, `kubectl version`).

export const KUBERNETES_VERSION = { major: '1', minor: '33', gitVersion: 'v1.33.0+cozylab' };
