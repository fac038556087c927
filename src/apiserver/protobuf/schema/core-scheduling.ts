// Message definitions for core/v1 pod placement (affinity, tolerations, topology, DNS),
// written from the field numbers of k8s.io/api core/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const coreSchedulingProto = `
syntax = "proto2";
package core.v1;

message Affinity {
  optional NodeAffinity nodeAffinity = 1 [(keep) = true];
  optional PodAffinity podAffinity = 2 [(keep) = true];
  optional PodAntiAffinity podAntiAffinity = 3 [(keep) = true];
}
message NodeAffinity {
  optional NodeSelector requiredDuringSchedulingIgnoredDuringExecution = 1 [(keep) = true];
  repeated PreferredSchedulingTerm preferredDuringSchedulingIgnoredDuringExecution = 2;
}
message NodeSelector {
  repeated NodeSelectorTerm nodeSelectorTerms = 1;
}
message NodeSelectorTerm {
  repeated NodeSelectorRequirement matchExpressions = 1;
  repeated NodeSelectorRequirement matchFields = 2;
}
message NodeSelectorRequirement {
  optional string key = 1;
  optional string operator = 2;
  repeated string values = 3;
}
message PreferredSchedulingTerm {
  optional int32 weight = 1 [(keep) = true];
  optional NodeSelectorTerm preference = 2;
}
message PodAffinity {
  repeated PodAffinityTerm requiredDuringSchedulingIgnoredDuringExecution = 1;
  repeated WeightedPodAffinityTerm preferredDuringSchedulingIgnoredDuringExecution = 2;
}
message PodAntiAffinity {
  repeated PodAffinityTerm requiredDuringSchedulingIgnoredDuringExecution = 1;
  repeated WeightedPodAffinityTerm preferredDuringSchedulingIgnoredDuringExecution = 2;
}
message PodAffinityTerm {
  optional meta.v1.LabelSelector labelSelector = 1 [(keep) = true];
  repeated string namespaces = 2;
  optional string topologyKey = 3;
  optional meta.v1.LabelSelector namespaceSelector = 4 [(keep) = true];
  repeated string matchLabelKeys = 5;
  repeated string mismatchLabelKeys = 6;
}
message WeightedPodAffinityTerm {
  optional int32 weight = 1 [(keep) = true];
  optional PodAffinityTerm podAffinityTerm = 2;
}
message Toleration {
  optional string key = 1;
  optional string operator = 2;
  optional string value = 3;
  optional string effect = 4;
  optional int64 tolerationSeconds = 5 [(keep) = true];
}
message TopologySpreadConstraint {
  optional int32 maxSkew = 1 [(keep) = true];
  optional string topologyKey = 2;
  optional string whenUnsatisfiable = 3;
  optional meta.v1.LabelSelector labelSelector = 4 [(keep) = true];
  optional int32 minDomains = 5 [(keep) = true];
  optional string nodeAffinityPolicy = 6 [(keep) = true];
  optional string nodeTaintsPolicy = 7 [(keep) = true];
  repeated string matchLabelKeys = 8;
}
message PodDNSConfig {
  repeated string nameservers = 1;
  repeated string searches = 2;
  repeated PodDNSConfigOption options = 3;
}
message PodDNSConfigOption {
  optional string name = 1;
  optional string value = 2 [(keep) = true];
}
message HostAlias {
  optional string ip = 1;
  repeated string hostnames = 2;
}
message PodOS {
  optional string name = 1;
}
message PodReadinessGate {
  optional string conditionType = 1;
}
message PodSchedulingGate {
  optional string name = 1;
}
message PodResourceClaim {
  optional string name = 1;
  optional string resourceClaimName = 3 [(keep) = true];
  optional string resourceClaimTemplateName = 4 [(keep) = true];
}
`;
