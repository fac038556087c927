// Message definitions for networking.k8s.io/v1,
// written from the field numbers of k8s.io/api networking/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const networkingProto = `
syntax = "proto2";
package networking.v1;

message HTTPIngressPath {
  optional string path = 1;
  optional string pathType = 3 [(keep) = true];
  optional IngressBackend backend = 2;
}
message HTTPIngressRuleValue {
  repeated HTTPIngressPath paths = 1;
}
message Ingress {
  optional meta.v1.ObjectMeta metadata = 1;
  optional IngressSpec spec = 2;
  optional IngressStatus status = 3;
}
message IngressBackend {
  optional IngressServiceBackend service = 4 [(keep) = true];
  optional core.v1.TypedLocalObjectReference resource = 3 [(keep) = true];
}
message IngressLoadBalancerIngress {
  optional string ip = 1;
  optional string hostname = 2;
  repeated IngressPortStatus ports = 4;
}
message IngressLoadBalancerStatus {
  repeated IngressLoadBalancerIngress ingress = 1;
}
message IngressPortStatus {
  optional int32 port = 1 [(keep) = true];
  optional string protocol = 2;
  optional string error = 3 [(keep) = true];
}
message IngressRule {
  optional string host = 1;
  optional IngressRuleValue ingressRuleValue = 2 [(inline) = true];
}
message IngressRuleValue {
  optional HTTPIngressRuleValue http = 1 [(keep) = true];
}
message IngressServiceBackend {
  optional string name = 1;
  optional ServiceBackendPort port = 2;
}
message IngressSpec {
  optional string ingressClassName = 4 [(keep) = true];
  optional IngressBackend defaultBackend = 1 [(keep) = true];
  repeated IngressTLS tls = 2;
  repeated IngressRule rules = 3;
}
message IngressStatus {
  optional IngressLoadBalancerStatus loadBalancer = 1;
}
message IngressTLS {
  repeated string hosts = 1;
  optional string secretName = 2;
}
message ServiceBackendPort {
  optional string name = 1;
  optional int32 number = 2;
}
`;
