// What Pod Security's restricted level says of a pod whose one container sets no securityContext,
// as a Talos cluster (warn=restricted) warns about it.

export const RESTRICTED_WARNING = (container: string): string =>
  `allowPrivilegeEscalation != false (container "${container}" must set securityContext.allowPrivilegeEscalation=false), ` +
  `unrestricted capabilities (container "${container}" must set securityContext.capabilities.drop=["ALL"]), ` +
  `runAsNonRoot != true (pod or container "${container}" must set securityContext.runAsNonRoot=true), ` +
  `seccompProfile (pod or container "${container}" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`;
