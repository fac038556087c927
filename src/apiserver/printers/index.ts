// The `kubectl get` printer of every built-in kind, as kube-apiserver (and kube-aggregator,
// apiextensions-apiserver) serve them. Kinds upstream prints with the default table convertor
// map to the Name / Created At printer.

import type { TablePrinter } from '../../machinery/table.ts';
import { createdAtPrinter } from '../../machinery/table-build.ts';
import { podPrinter } from './pods.ts';
import {
  cronJobPrinter, daemonSetPrinter, podTemplatePrinter, deploymentPrinter, jobPrinter, podDisruptionBudgetPrinter, replicaSetPrinter, replicationControllerPrinter, controllerRevisionPrinter, statefulSetPrinter,
} from './workloads.ts';
import { endpointSlicePrinter, endpointsPrinter, ingressClassPrinter, ingressPrinter, ipAddressPrinter, networkPolicyPrinter, serviceCIDRPrinter, servicePrinter } from './services.ts';
import { configMapPrinter, resourceQuotaPrinter, secretPrinter, serviceAccountPrinter } from './config.ts';
import { clusterRoleBindingPrinter, roleBindingPrinter } from './rbac.ts';
import { csiDriverPrinter, csiNodePrinter, csiStorageCapacityPrinter, persistentVolumeClaimPrinter, volumeAttachmentPrinter, persistentVolumePrinter, storageClassPrinter } from './storage.ts';
import { eventPrinter } from './events.ts';
import { horizontalPodAutoscalerPrinter } from './autoscaling.ts';
import { certificateSigningRequestPrinter } from './certificates.ts';
import { apiServicePrinter, leasePrinter, namespacePrinter, nodePrinter, priorityClassPrinter, runtimeClassPrinter, validatingAdmissionPolicyBindingPrinter, validatingAdmissionPolicyPrinter, webhookConfigurationPrinter } from './meta.ts';

const PRINTERS: Record<string, TablePrinter> = {
  '/Pod': podPrinter,
  '/Namespace': namespacePrinter,
  '/Node': nodePrinter,
  '/Service': servicePrinter,
  '/Endpoints': endpointsPrinter,
  '/ReplicationController': replicationControllerPrinter,
  '/PodTemplate': podTemplatePrinter,
  '/ConfigMap': configMapPrinter,
  '/Secret': secretPrinter,
  '/ServiceAccount': serviceAccountPrinter,
  '/Event': eventPrinter,
  '/PersistentVolumeClaim': persistentVolumeClaimPrinter,
  '/PersistentVolume': persistentVolumePrinter,
  '/ResourceQuota': resourceQuotaPrinter,
  '/LimitRange': createdAtPrinter,
  'apps/Deployment': deploymentPrinter,
  'apps/ReplicaSet': replicaSetPrinter,
  'apps/ControllerRevision': controllerRevisionPrinter,
  'apps/StatefulSet': statefulSetPrinter,
  'apps/DaemonSet': daemonSetPrinter,
  'autoscaling/HorizontalPodAutoscaler': horizontalPodAutoscalerPrinter,
  'certificates.k8s.io/CertificateSigningRequest': certificateSigningRequestPrinter,
  'batch/Job': jobPrinter,
  'batch/CronJob': cronJobPrinter,
  'policy/PodDisruptionBudget': podDisruptionBudgetPrinter,
  'discovery.k8s.io/EndpointSlice': endpointSlicePrinter,
  'events.k8s.io/Event': eventPrinter,
  'networking.k8s.io/Ingress': ingressPrinter,
  'networking.k8s.io/IngressClass': ingressClassPrinter,
  'networking.k8s.io/ServiceCIDR': serviceCIDRPrinter,
  'networking.k8s.io/IPAddress': ipAddressPrinter,
  'networking.k8s.io/NetworkPolicy': networkPolicyPrinter,
  'rbac.authorization.k8s.io/Role': createdAtPrinter,
  'rbac.authorization.k8s.io/ClusterRole': createdAtPrinter,
  'rbac.authorization.k8s.io/RoleBinding': roleBindingPrinter,
  'rbac.authorization.k8s.io/ClusterRoleBinding': clusterRoleBindingPrinter,
  'storage.k8s.io/StorageClass': storageClassPrinter,
  'storage.k8s.io/CSIDriver': csiDriverPrinter,
  'storage.k8s.io/CSINode': csiNodePrinter,
  'storage.k8s.io/VolumeAttachment': volumeAttachmentPrinter,
  'storage.k8s.io/CSIStorageCapacity': csiStorageCapacityPrinter,
  'node.k8s.io/RuntimeClass': runtimeClassPrinter,
  'coordination.k8s.io/Lease': leasePrinter,
  'apiextensions.k8s.io/CustomResourceDefinition': createdAtPrinter,
  'apiregistration.k8s.io/APIService': apiServicePrinter,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': webhookConfigurationPrinter,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': webhookConfigurationPrinter,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': validatingAdmissionPolicyPrinter,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': validatingAdmissionPolicyBindingPrinter,
  'scheduling.k8s.io/PriorityClass': priorityClassPrinter,
};

/** The printer of a built-in kind; undefined for kinds this server has no built-in printer for. */
export function builtinPrinter(group: string, kind: string): TablePrinter | undefined {
  return PRINTERS[`${group}/${kind}`];
}
