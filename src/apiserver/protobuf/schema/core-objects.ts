// Message definitions for core/v1 objects kubectl creates,
// written from the field numbers of k8s.io/api core/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const coreObjectsProto = `
syntax = "proto2";
package core.v1;

message ClientIPConfig {
  optional int32 timeoutSeconds = 1 [(keep) = true];
}
message ConfigMap {
  optional meta.v1.ObjectMeta metadata = 1;
  optional bool immutable = 4 [(keep) = true];
  map<string, string> data = 2;
  map<string, bytes> binaryData = 3;
}
message ImageVolumeSource {
  optional string reference = 1;
  optional string pullPolicy = 2;
}
message LoadBalancerIngress {
  optional string ip = 1;
  optional string hostname = 2;
  optional string ipMode = 3 [(keep) = true];
  repeated PortStatus ports = 4;
}
message LoadBalancerStatus {
  repeated LoadBalancerIngress ingress = 1;
}
message LocalObjectReference {
  optional string name = 1;
}
message Namespace {
  optional meta.v1.ObjectMeta metadata = 1;
  optional NamespaceSpec spec = 2;
  optional NamespaceStatus status = 3;
}
message NamespaceCondition {
  optional string type = 1;
  optional string status = 2;
  optional meta.v1.Time lastTransitionTime = 4;
  optional string reason = 5;
  optional string message = 6;
}
message NamespaceSpec {
  repeated string finalizers = 1;
}
message NamespaceStatus {
  optional string phase = 1;
  repeated NamespaceCondition conditions = 2;
}
message ObjectReference {
  optional string kind = 1;
  optional string namespace = 2;
  optional string name = 3;
  optional string uid = 4;
  optional string apiVersion = 5;
  optional string resourceVersion = 6;
  optional string fieldPath = 7;
}
message PortStatus {
  optional int32 port = 1 [(keep) = true];
  optional string protocol = 2;
  optional string error = 3 [(keep) = true];
}
message ResourceQuota {
  optional meta.v1.ObjectMeta metadata = 1;
  optional ResourceQuotaSpec spec = 2;
  optional ResourceQuotaStatus status = 3;
}
message ResourceQuotaSpec {
  map<string, resource.Quantity> hard = 1;
  repeated string scopes = 2;
  optional ScopeSelector scopeSelector = 3 [(keep) = true];
}
message ResourceQuotaStatus {
  map<string, resource.Quantity> hard = 1;
  map<string, resource.Quantity> used = 2;
}
message ScopeSelector {
  repeated ScopedResourceSelectorRequirement matchExpressions = 1;
}
message ScopedResourceSelectorRequirement {
  optional string scopeName = 1;
  optional string operator = 2;
  repeated string values = 3;
}
message Secret {
  optional meta.v1.ObjectMeta metadata = 1;
  optional bool immutable = 5 [(keep) = true];
  map<string, bytes> data = 2;
  map<string, string> stringData = 4;
  optional string type = 3;
}
message Service {
  optional meta.v1.ObjectMeta metadata = 1;
  optional ServiceSpec spec = 2;
  optional ServiceStatus status = 3;
}
message ServiceAccount {
  optional meta.v1.ObjectMeta metadata = 1;
  repeated ObjectReference secrets = 2;
  repeated LocalObjectReference imagePullSecrets = 3;
  optional bool automountServiceAccountToken = 4 [(keep) = true];
}
message ServicePort {
  optional string name = 1;
  optional string protocol = 2;
  optional string appProtocol = 6 [(keep) = true];
  optional int32 port = 3 [(keep) = true];
  optional intstr.IntOrString targetPort = 4;
  optional int32 nodePort = 5;
}
message ServiceSpec {
  repeated ServicePort ports = 1;
  map<string, string> selector = 2;
  optional string clusterIP = 3;
  repeated string clusterIPs = 18;
  optional string type = 4;
  repeated string externalIPs = 5;
  optional string sessionAffinity = 7;
  optional string loadBalancerIP = 8;
  repeated string loadBalancerSourceRanges = 9;
  optional string externalName = 10;
  optional string externalTrafficPolicy = 11;
  optional int32 healthCheckNodePort = 12;
  optional bool publishNotReadyAddresses = 13;
  optional SessionAffinityConfig sessionAffinityConfig = 14 [(keep) = true];
  repeated string ipFamilies = 19;
  optional string ipFamilyPolicy = 17 [(keep) = true];
  optional bool allocateLoadBalancerNodePorts = 20 [(keep) = true];
  optional string loadBalancerClass = 21 [(keep) = true];
  optional string internalTrafficPolicy = 22 [(keep) = true];
  optional string trafficDistribution = 23 [(keep) = true];
}
message ServiceStatus {
  optional LoadBalancerStatus loadBalancer = 1;
  repeated meta.v1.Condition conditions = 2;
}
message SessionAffinityConfig {
  optional ClientIPConfig clientIP = 1 [(keep) = true];
}
`;
