// Message definitions for core/v1 Pod, PodSpec and containers,
// written from the field numbers of k8s.io/api core/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const corePodProto = `
syntax = "proto2";
package core.v1;

message Pod {
  optional meta.v1.ObjectMeta metadata = 1;
  optional PodSpec spec = 2;
}
message PodTemplateSpec {
  optional meta.v1.ObjectMeta metadata = 1;
  optional PodSpec spec = 2;
}
message PodSpec {
  repeated Volume volumes = 1;
  repeated Container initContainers = 20;
  repeated Container containers = 2;
  repeated EphemeralContainer ephemeralContainers = 34;
  optional string restartPolicy = 3;
  optional int64 terminationGracePeriodSeconds = 4 [(keep) = true];
  optional int64 activeDeadlineSeconds = 5 [(keep) = true];
  optional string dnsPolicy = 6;
  map<string, string> nodeSelector = 7;
  optional string serviceAccountName = 8;
  optional string serviceAccount = 9;
  optional bool automountServiceAccountToken = 21 [(keep) = true];
  optional string nodeName = 10;
  optional bool hostNetwork = 11;
  optional bool hostPID = 12;
  optional bool hostIPC = 13;
  optional bool shareProcessNamespace = 27 [(keep) = true];
  optional PodSecurityContext securityContext = 14 [(keep) = true];
  repeated LocalObjectReference imagePullSecrets = 15;
  optional string hostname = 16;
  optional string subdomain = 17;
  optional Affinity affinity = 18 [(keep) = true];
  optional string schedulerName = 19;
  repeated Toleration tolerations = 22;
  repeated HostAlias hostAliases = 23;
  optional string priorityClassName = 24;
  optional int32 priority = 25 [(keep) = true];
  optional PodDNSConfig dnsConfig = 26 [(keep) = true];
  repeated PodReadinessGate readinessGates = 28;
  optional string runtimeClassName = 29 [(keep) = true];
  optional bool enableServiceLinks = 30 [(keep) = true];
  optional string preemptionPolicy = 31 [(keep) = true];
  map<string, resource.Quantity> overhead = 32;
  repeated TopologySpreadConstraint topologySpreadConstraints = 33;
  optional bool setHostnameAsFQDN = 35 [(keep) = true];
  optional PodOS os = 36 [(keep) = true];
  optional bool hostUsers = 37 [(keep) = true];
  repeated PodSchedulingGate schedulingGates = 38;
  repeated PodResourceClaim resourceClaims = 39;
  optional ResourceRequirements resources = 40 [(keep) = true];
}
message Container {
  optional string name = 1;
  optional string image = 2;
  repeated string command = 3;
  repeated string args = 4;
  optional string workingDir = 5;
  repeated ContainerPort ports = 6;
  repeated EnvFromSource envFrom = 19;
  repeated EnvVar env = 7;
  optional ResourceRequirements resources = 8;
  repeated ContainerResizePolicy resizePolicy = 23;
  optional string restartPolicy = 24 [(keep) = true];
  repeated VolumeMount volumeMounts = 9;
  repeated VolumeDevice volumeDevices = 21;
  optional Probe livenessProbe = 10 [(keep) = true];
  optional Probe readinessProbe = 11 [(keep) = true];
  optional Probe startupProbe = 22 [(keep) = true];
  optional Lifecycle lifecycle = 12 [(keep) = true];
  optional string terminationMessagePath = 13;
  optional string terminationMessagePolicy = 20;
  optional string imagePullPolicy = 14;
  optional SecurityContext securityContext = 15 [(keep) = true];
  optional bool stdin = 16;
  optional bool stdinOnce = 17;
  optional bool tty = 18;
}
message EphemeralContainer {
  optional Container ephemeralContainerCommon = 1 [(inline) = true];
  optional string targetContainerName = 2;
}
message ContainerPort {
  optional string name = 1;
  optional int32 hostPort = 2;
  optional int32 containerPort = 3 [(keep) = true];
  optional string protocol = 4;
  optional string hostIP = 5;
}
message ContainerResizePolicy {
  optional string resourceName = 1;
  optional string restartPolicy = 2;
}
message EnvVar {
  optional string name = 1;
  optional string value = 2;
  optional EnvVarSource valueFrom = 3 [(keep) = true];
}
message EnvVarSource {
  optional ObjectFieldSelector fieldRef = 1 [(keep) = true];
  optional ResourceFieldSelector resourceFieldRef = 2 [(keep) = true];
  optional ConfigMapKeySelector configMapKeyRef = 3 [(keep) = true];
  optional SecretKeySelector secretKeyRef = 4 [(keep) = true];
}
message EnvFromSource {
  optional string prefix = 1;
  optional ConfigMapEnvSource configMapRef = 2 [(keep) = true];
  optional SecretEnvSource secretRef = 3 [(keep) = true];
}
message ConfigMapEnvSource {
  optional LocalObjectReference localObjectReference = 1 [(inline) = true];
  optional bool optional = 2 [(keep) = true];
}
message SecretEnvSource {
  optional LocalObjectReference localObjectReference = 1 [(inline) = true];
  optional bool optional = 2 [(keep) = true];
}
message ConfigMapKeySelector {
  optional LocalObjectReference localObjectReference = 1 [(inline) = true];
  optional string key = 2;
  optional bool optional = 3 [(keep) = true];
}
message SecretKeySelector {
  optional LocalObjectReference localObjectReference = 1 [(inline) = true];
  optional string key = 2;
  optional bool optional = 3 [(keep) = true];
}
message ObjectFieldSelector {
  optional string apiVersion = 1;
  optional string fieldPath = 2;
}
message ResourceFieldSelector {
  optional string containerName = 1;
  optional string resource = 2;
  optional resource.Quantity divisor = 3;
}
message ResourceRequirements {
  map<string, resource.Quantity> limits = 1;
  map<string, resource.Quantity> requests = 2;
  repeated ResourceClaim claims = 3;
}
message ResourceClaim {
  optional string name = 1;
  optional string request = 2;
}
message VolumeMount {
  optional string name = 1;
  optional bool readOnly = 2;
  optional string recursiveReadOnly = 7 [(keep) = true];
  optional string mountPath = 3;
  optional string subPath = 4;
  optional string mountPropagation = 5 [(keep) = true];
  optional string subPathExpr = 6;
}
message VolumeDevice {
  optional string name = 1;
  optional string devicePath = 2;
}
message Probe {
  optional ProbeHandler handler = 1 [(inline) = true];
  optional int32 initialDelaySeconds = 2;
  optional int32 timeoutSeconds = 3;
  optional int32 periodSeconds = 4;
  optional int32 successThreshold = 5;
  optional int32 failureThreshold = 6;
  optional int64 terminationGracePeriodSeconds = 7 [(keep) = true];
}
message ProbeHandler {
  optional ExecAction exec = 1 [(keep) = true];
  optional HTTPGetAction httpGet = 2 [(keep) = true];
  optional TCPSocketAction tcpSocket = 3 [(keep) = true];
  optional GRPCAction grpc = 4 [(keep) = true];
}
message ExecAction {
  repeated string command = 1;
}
message HTTPGetAction {
  optional string path = 1;
  optional intstr.IntOrString port = 2;
  optional string host = 3;
  optional string scheme = 4;
  repeated HTTPHeader httpHeaders = 5;
}
message HTTPHeader {
  optional string name = 1;
  optional string value = 2;
}
message TCPSocketAction {
  optional intstr.IntOrString port = 1;
  optional string host = 2;
}
message GRPCAction {
  optional int32 port = 1 [(keep) = true];
  optional string service = 2 [(keep) = true];
}
message SleepAction {
  optional int64 seconds = 1 [(keep) = true];
}
message Lifecycle {
  optional LifecycleHandler postStart = 1 [(keep) = true];
  optional LifecycleHandler preStop = 2 [(keep) = true];
  optional string stopSignal = 3 [(keep) = true];
}
message LifecycleHandler {
  optional ExecAction exec = 1 [(keep) = true];
  optional HTTPGetAction httpGet = 2 [(keep) = true];
  optional TCPSocketAction tcpSocket = 3 [(keep) = true];
  optional SleepAction sleep = 4 [(keep) = true];
}
`;
