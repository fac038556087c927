// Message definitions for core/v1 pod and container security contexts,
// written from the field numbers of k8s.io/api core/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const coreSecurityProto = `
syntax = "proto2";
package core.v1;

message SecurityContext {
  optional Capabilities capabilities = 1 [(keep) = true];
  optional bool privileged = 2 [(keep) = true];
  optional SELinuxOptions seLinuxOptions = 3 [(keep) = true];
  optional WindowsSecurityContextOptions windowsOptions = 10 [(keep) = true];
  optional int64 runAsUser = 4 [(keep) = true];
  optional int64 runAsGroup = 8 [(keep) = true];
  optional bool runAsNonRoot = 5 [(keep) = true];
  optional bool readOnlyRootFilesystem = 6 [(keep) = true];
  optional bool allowPrivilegeEscalation = 7 [(keep) = true];
  optional string procMount = 9 [(keep) = true];
  optional SeccompProfile seccompProfile = 11 [(keep) = true];
  optional AppArmorProfile appArmorProfile = 12 [(keep) = true];
}
message PodSecurityContext {
  optional SELinuxOptions seLinuxOptions = 1 [(keep) = true];
  optional WindowsSecurityContextOptions windowsOptions = 8 [(keep) = true];
  optional int64 runAsUser = 2 [(keep) = true];
  optional int64 runAsGroup = 6 [(keep) = true];
  optional bool runAsNonRoot = 3 [(keep) = true];
  repeated int64 supplementalGroups = 4;
  optional string supplementalGroupsPolicy = 12 [(keep) = true];
  optional int64 fsGroup = 5 [(keep) = true];
  repeated Sysctl sysctls = 7;
  optional string fsGroupChangePolicy = 9 [(keep) = true];
  optional SeccompProfile seccompProfile = 10 [(keep) = true];
  optional AppArmorProfile appArmorProfile = 11 [(keep) = true];
  optional string seLinuxChangePolicy = 13 [(keep) = true];
}
message Capabilities {
  repeated string add = 1;
  repeated string drop = 2;
}
message SELinuxOptions {
  optional string user = 1;
  optional string role = 2;
  optional string type = 3;
  optional string level = 4;
}
message SeccompProfile {
  optional string type = 1;
  optional string localhostProfile = 2 [(keep) = true];
}
message AppArmorProfile {
  optional string type = 1;
  optional string localhostProfile = 2 [(keep) = true];
}
message WindowsSecurityContextOptions {
  optional string gmsaCredentialSpecName = 1 [(keep) = true];
  optional string gmsaCredentialSpec = 2 [(keep) = true];
  optional string runAsUserName = 3 [(keep) = true];
  optional bool hostProcess = 4 [(keep) = true];
}
message Sysctl {
  optional string name = 1;
  optional string value = 2;
}
`;
