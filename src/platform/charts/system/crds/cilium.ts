// cilium.io CRDs. The cilium chart does not ship them: cilium-operator registers them at start
// (pkg/k8s/apis/cilium.io/client), so cozylab's cilium chart renders them in its place.
// Identity and printer columns as in Cilium 1.19's generated CRDs.

import type { CrdInput, PrinterColumn } from '../../lib/index.ts';

const age: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const valid: PrinterColumn = { name: 'Valid', type: 'string', jsonPath: ".status.conditions[?(@.type=='Valid')].status" };
const status = { status: {} };

export const ciliumCrds: CrdInput[] = [
  { group: 'cilium.io', kind: 'CiliumNetworkPolicy', plural: 'ciliumnetworkpolicies', shortNames: ['cnp', 'ciliumnp'], categories: ['cilium', 'ciliumpolicy'], scope: 'Namespaced',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age, valid], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumClusterwideNetworkPolicy', plural: 'ciliumclusterwidenetworkpolicies', shortNames: ['ccnp'], categories: ['cilium', 'ciliumpolicy'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [valid, age], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumEndpoint', plural: 'ciliumendpoints', shortNames: ['cep', 'ciliumep'], categories: ['cilium'], scope: 'Namespaced',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [
      { name: 'Security Identity', type: 'integer', jsonPath: '.status.identity.id' },
      { name: 'Endpoint State', type: 'string', jsonPath: '.status.state' },
      { name: 'IPv4', type: 'string', jsonPath: '.status.networking.addressing[0].ipv4' },
      { name: 'IPv6', type: 'string', jsonPath: '.status.networking.addressing[0].ipv6' },
    ] }] },
  { group: 'cilium.io', kind: 'CiliumIdentity', plural: 'ciliumidentities', shortNames: ['ciliumid'], categories: ['cilium'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [
      { name: 'Namespace', type: 'string', jsonPath: '.metadata.labels.io\\.kubernetes\\.pod\\.namespace' }, age,
    ] }] },
  { group: 'cilium.io', kind: 'CiliumNode', plural: 'ciliumnodes', shortNames: ['cn', 'ciliumn'], categories: ['cilium'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [
      { name: 'CiliumInternalIP', type: 'string', jsonPath: '.spec.addresses[?(@.type=="CiliumInternalIP")].ip' },
      { name: 'InternalIP', type: 'string', jsonPath: '.spec.addresses[?(@.type=="InternalIP")].ip' }, age,
    ], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumLocalRedirectPolicy', plural: 'ciliumlocalredirectpolicies', shortNames: ['clrp'], categories: ['cilium', 'ciliumpolicy'], scope: 'Namespaced',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumEnvoyConfig', plural: 'ciliumenvoyconfigs', shortNames: ['cec'], categories: ['cilium'], scope: 'Namespaced',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age] }] },
  { group: 'cilium.io', kind: 'CiliumClusterwideEnvoyConfig', plural: 'ciliumclusterwideenvoyconfigs', shortNames: ['ccec'], categories: ['cilium'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age] }] },
  { group: 'cilium.io', kind: 'CiliumLoadBalancerIPPool', plural: 'ciliumloadbalancerippools', shortNames: ['ippools', 'ippool', 'lbippool', 'lbippools'], categories: ['cilium'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [
      { name: 'Disabled', type: 'boolean', jsonPath: '.spec.disabled' },
      { name: 'Conflicting', type: 'string', jsonPath: '.status.conditions[?(@.type=="cilium.io/PoolConflict")].status' },
      { name: 'IPs Available', type: 'string', jsonPath: '.status.conditions[?(@.type=="cilium.io/IPsAvailable")].message' }, age,
    ], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumL2AnnouncementPolicy', plural: 'ciliuml2announcementpolicies', shortNames: ['l2announcement'], categories: ['cilium'], scope: 'Cluster',
    versions: [{ name: 'v2alpha1', served: true, storage: true, printerColumns: [age], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumNodeConfig', plural: 'ciliumnodeconfigs', categories: ['cilium'], scope: 'Namespaced',
    versions: [{ name: 'v2', served: true, storage: true }] },
  { group: 'cilium.io', kind: 'CiliumCIDRGroup', plural: 'ciliumcidrgroups', shortNames: ['ccg'], categories: ['cilium'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age] }] },
  { group: 'cilium.io', kind: 'CiliumPodIPPool', plural: 'ciliumpodippools', shortNames: ['cpip'], categories: ['cilium'], scope: 'Cluster',
    versions: [{ name: 'v2alpha1', served: true, storage: true }] },
  { group: 'cilium.io', kind: 'CiliumBGPClusterConfig', plural: 'ciliumbgpclusterconfigs', shortNames: ['cbgpcluster'], categories: ['cilium', 'ciliumbgp'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumBGPPeerConfig', plural: 'ciliumbgppeerconfigs', shortNames: ['cbgppeer'], categories: ['cilium', 'ciliumbgp'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age], subresources: status }] },
  { group: 'cilium.io', kind: 'CiliumBGPAdvertisement', plural: 'ciliumbgpadvertisements', shortNames: ['cbgpadvert'], categories: ['cilium', 'ciliumbgp'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age] }] },
  { group: 'cilium.io', kind: 'CiliumBGPNodeConfig', plural: 'ciliumbgpnodeconfigs', shortNames: ['cbgpnode'], categories: ['cilium', 'ciliumbgp'], scope: 'Cluster',
    versions: [{ name: 'v2', served: true, storage: true, printerColumns: [age], subresources: status }] },
];
