// Message definitions for the apimachinery types every kind embeds, written from the field
// numbers of k8s.io/apimachinery pkg/apis/meta/v1, pkg/api/resource, pkg/util/intstr and
// pkg/runtime generated.proto (release 1.33). Options: see core-objects.ts.
// Time, MicroTime, FieldsV1, Quantity and IntOrString are not plain
// messages in JSON; convert.ts maps them to their JSON scalar forms.

export const metaProto = `
syntax = "proto2";
package meta.v1;

message Time {
  optional int64 seconds = 1;
  optional int32 nanos = 2;
}
message MicroTime {
  optional int64 seconds = 1;
  optional int32 nanos = 2;
}
message FieldsV1 {
  optional bytes Raw = 1;
}
message ObjectMeta {
  optional string name = 1;
  optional string generateName = 2;
  optional string namespace = 3;
  optional string selfLink = 4;
  optional string uid = 5;
  optional string resourceVersion = 6;
  optional int64 generation = 7;
  optional Time creationTimestamp = 8;
  optional Time deletionTimestamp = 9 [(keep) = true];
  optional int64 deletionGracePeriodSeconds = 10 [(keep) = true];
  map<string, string> labels = 11;
  map<string, string> annotations = 12;
  repeated OwnerReference ownerReferences = 13;
  repeated string finalizers = 14;
  repeated ManagedFieldsEntry managedFields = 17;
}
message OwnerReference {
  optional string kind = 1;
  optional string name = 3;
  optional string uid = 4;
  optional string apiVersion = 5;
  optional bool controller = 6 [(keep) = true];
  optional bool blockOwnerDeletion = 7 [(keep) = true];
}
message ManagedFieldsEntry {
  optional string manager = 1;
  optional string operation = 2;
  optional string apiVersion = 3;
  optional Time time = 4 [(keep) = true];
  optional string fieldsType = 6;
  optional FieldsV1 fieldsV1 = 7 [(keep) = true];
  optional string subresource = 8;
}
message LabelSelector {
  map<string, string> matchLabels = 1;
  repeated LabelSelectorRequirement matchExpressions = 2;
}
message LabelSelectorRequirement {
  optional string key = 1;
  optional string operator = 2;
  repeated string values = 3;
}
message FieldSelectorRequirement {
  optional string key = 1;
  optional string operator = 2;
  repeated string values = 3;
}
message Condition {
  optional string type = 1;
  optional string status = 2;
  optional int64 observedGeneration = 3;
  optional Time lastTransitionTime = 4;
  optional string reason = 5;
  optional string message = 6;
}
message DeleteOptions {
  optional int64 gracePeriodSeconds = 1 [(keep) = true];
  optional Preconditions preconditions = 2 [(keep) = true];
  optional bool orphanDependents = 3 [(keep) = true];
  optional string propagationPolicy = 4 [(keep) = true];
  repeated string dryRun = 5;
  optional bool ignoreStoreReadErrorWithClusterBreakingPotential = 6 [(keep) = true];
}
message Preconditions {
  optional string uid = 1 [(keep) = true];
  optional string resourceVersion = 2 [(keep) = true];
}
`;

export const resourceProto = `
syntax = "proto2";
package resource;

message Quantity {
  optional string string = 1;
}
`;

export const intstrProto = `
syntax = "proto2";
package intstr;

// type 0 = Int (intVal), 1 = String (strVal).
message IntOrString {
  optional int64 type = 1;
  optional int32 intVal = 2;
  optional string strVal = 3;
}
`;

export const runtimeProto = `
syntax = "proto2";
package runtime;

message TypeMeta {
  optional string apiVersion = 1;
  optional string kind = 2;
}
message Unknown {
  optional TypeMeta typeMeta = 1;
  optional bytes raw = 2;
  optional string contentEncoding = 3;
  optional string contentType = 4;
}
`;
