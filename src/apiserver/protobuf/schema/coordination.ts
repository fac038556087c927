// Message definitions for coordination.k8s.io/v1,
// written from the field numbers of k8s.io/api coordination/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const coordinationProto = `
syntax = "proto2";
package coordination.v1;

message Lease {
  optional meta.v1.ObjectMeta metadata = 1;
  optional LeaseSpec spec = 2;
}
message LeaseSpec {
  optional string holderIdentity = 1 [(keep) = true];
  optional int32 leaseDurationSeconds = 2 [(keep) = true];
  optional meta.v1.MicroTime acquireTime = 3 [(keep) = true];
  optional meta.v1.MicroTime renewTime = 4 [(keep) = true];
  optional int32 leaseTransitions = 5 [(keep) = true];
  optional string strategy = 6 [(keep) = true];
  optional string preferredHolder = 7 [(keep) = true];
}
`;
