// Message definitions for rbac.authorization.k8s.io/v1,
// written from the field numbers of k8s.io/api rbac/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const rbacProto = `
syntax = "proto2";
package rbac.v1;

message AggregationRule {
  repeated meta.v1.LabelSelector clusterRoleSelectors = 1;
}
message ClusterRole {
  optional meta.v1.ObjectMeta metadata = 1;
  repeated PolicyRule rules = 2;
  optional AggregationRule aggregationRule = 3 [(keep) = true];
}
message ClusterRoleBinding {
  optional meta.v1.ObjectMeta metadata = 1;
  repeated Subject subjects = 2;
  optional RoleRef roleRef = 3;
}
message PolicyRule {
  repeated string verbs = 1;
  repeated string apiGroups = 2;
  repeated string resources = 3;
  repeated string resourceNames = 4;
  repeated string nonResourceURLs = 5;
}
message Role {
  optional meta.v1.ObjectMeta metadata = 1;
  repeated PolicyRule rules = 2;
}
message RoleBinding {
  optional meta.v1.ObjectMeta metadata = 1;
  repeated Subject subjects = 2;
  optional RoleRef roleRef = 3;
}
message RoleRef {
  optional string apiGroup = 1;
  optional string kind = 2;
  optional string name = 3;
}
message Subject {
  optional string kind = 1;
  optional string apiGroup = 2;
  optional string name = 3;
  optional string namespace = 4;
}
`;
