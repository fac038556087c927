// Message definitions for core/v1 volumes,
// written from the field numbers of k8s.io/api core/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const coreVolumesProto = `
syntax = "proto2";
package core.v1;

message Volume {
  optional string name = 1;
  optional VolumeSource volumeSource = 2 [(inline) = true];
}
message VolumeSource {
  optional HostPathVolumeSource hostPath = 1 [(keep) = true];
  optional EmptyDirVolumeSource emptyDir = 2 [(keep) = true];
  optional SecretVolumeSource secret = 6 [(keep) = true];
  optional NFSVolumeSource nfs = 7 [(keep) = true];
  optional PersistentVolumeClaimVolumeSource persistentVolumeClaim = 10 [(keep) = true];
  optional FlexVolumeSource flexVolume = 12 [(keep) = true];
  optional DownwardAPIVolumeSource downwardAPI = 16 [(keep) = true];
  optional ConfigMapVolumeSource configMap = 19 [(keep) = true];
  optional ProjectedVolumeSource projected = 26 [(keep) = true];
  optional CSIVolumeSource csi = 28 [(keep) = true];
  optional EphemeralVolumeSource ephemeral = 29 [(keep) = true];
  optional ImageVolumeSource image = 30 [(keep) = true];
}
message HostPathVolumeSource {
  optional string path = 1;
  optional string type = 2 [(keep) = true];
}
message EmptyDirVolumeSource {
  optional string medium = 1;
  optional resource.Quantity sizeLimit = 2 [(keep) = true];
}
message SecretVolumeSource {
  optional string secretName = 1;
  repeated KeyToPath items = 2;
  optional int32 defaultMode = 3 [(keep) = true];
  optional bool optional = 4 [(keep) = true];
}
message NFSVolumeSource {
  optional string server = 1;
  optional string path = 2;
  optional bool readOnly = 3;
}
message PersistentVolumeClaimVolumeSource {
  optional string claimName = 1;
  optional bool readOnly = 2;
}
message FlexVolumeSource {
  optional string driver = 1;
  optional string fsType = 2;
  optional LocalObjectReference secretRef = 3 [(keep) = true];
  optional bool readOnly = 4;
  map<string, string> options = 5;
}
message DownwardAPIVolumeSource {
  repeated DownwardAPIVolumeFile items = 1;
  optional int32 defaultMode = 2 [(keep) = true];
}
message DownwardAPIVolumeFile {
  optional string path = 1;
  optional ObjectFieldSelector fieldRef = 2 [(keep) = true];
  optional ResourceFieldSelector resourceFieldRef = 3 [(keep) = true];
  optional int32 mode = 4 [(keep) = true];
}
message ConfigMapVolumeSource {
  optional LocalObjectReference localObjectReference = 1 [(inline) = true];
  repeated KeyToPath items = 2;
  optional int32 defaultMode = 3 [(keep) = true];
  optional bool optional = 4 [(keep) = true];
}
message ProjectedVolumeSource {
  repeated VolumeProjection sources = 1;
  optional int32 defaultMode = 2 [(keep) = true];
}
message VolumeProjection {
  optional SecretProjection secret = 1 [(keep) = true];
  optional DownwardAPIProjection downwardAPI = 2 [(keep) = true];
  optional ConfigMapProjection configMap = 3 [(keep) = true];
  optional ServiceAccountTokenProjection serviceAccountToken = 4 [(keep) = true];
  optional ClusterTrustBundleProjection clusterTrustBundle = 5 [(keep) = true];
}
message SecretProjection {
  optional LocalObjectReference localObjectReference = 1 [(inline) = true];
  repeated KeyToPath items = 2;
  optional bool optional = 4 [(keep) = true];
}
message ConfigMapProjection {
  optional LocalObjectReference localObjectReference = 1 [(inline) = true];
  repeated KeyToPath items = 2;
  optional bool optional = 4 [(keep) = true];
}
message DownwardAPIProjection {
  repeated DownwardAPIVolumeFile items = 1;
}
message ServiceAccountTokenProjection {
  optional string audience = 1;
  optional int64 expirationSeconds = 2 [(keep) = true];
  optional string path = 3;
}
message ClusterTrustBundleProjection {
  optional string name = 1 [(keep) = true];
  optional string signerName = 2 [(keep) = true];
  optional meta.v1.LabelSelector labelSelector = 3 [(keep) = true];
  optional bool optional = 5 [(keep) = true];
  optional string path = 4;
}
message CSIVolumeSource {
  optional string driver = 1;
  optional bool readOnly = 2 [(keep) = true];
  optional string fsType = 3 [(keep) = true];
  map<string, string> volumeAttributes = 4;
  optional LocalObjectReference nodePublishSecretRef = 5 [(keep) = true];
}
message EphemeralVolumeSource {
  optional PersistentVolumeClaimTemplate volumeClaimTemplate = 1 [(keep) = true];
}
message PersistentVolumeClaimTemplate {
  optional meta.v1.ObjectMeta metadata = 1;
  optional PersistentVolumeClaimSpec spec = 2;
}
message PersistentVolumeClaimSpec {
  repeated string accessModes = 1;
  optional meta.v1.LabelSelector selector = 4 [(keep) = true];
  optional VolumeResourceRequirements resources = 2;
  optional string volumeName = 3;
  optional string storageClassName = 5 [(keep) = true];
  optional string volumeMode = 6 [(keep) = true];
  optional TypedLocalObjectReference dataSource = 7 [(keep) = true];
  optional TypedObjectReference dataSourceRef = 8 [(keep) = true];
  optional string volumeAttributesClassName = 9 [(keep) = true];
}
message VolumeResourceRequirements {
  map<string, resource.Quantity> limits = 1;
  map<string, resource.Quantity> requests = 2;
}
message TypedLocalObjectReference {
  optional string apiGroup = 1 [(keep) = true];
  optional string kind = 2;
  optional string name = 3;
}
message TypedObjectReference {
  optional string apiGroup = 1 [(keep) = true];
  optional string kind = 2;
  optional string name = 3;
  optional string namespace = 4 [(keep) = true];
}
message KeyToPath {
  optional string key = 1;
  optional string path = 2;
  optional int32 mode = 3 [(keep) = true];
}
`;
