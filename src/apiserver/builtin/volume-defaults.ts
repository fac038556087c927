// core/v1's defaults for what a pod reads from outside its containers: volume sources (a bare
// volume is an emptyDir; Secret, ConfigMap, downward API and projected files are 0644 = 420; a
// hostPath's type is ""; a projected token lives an hour; an ephemeral claim is a Filesystem) and
// the downward API's selectors (fieldRef.apiVersion v1; resourceFieldRef.divisor, a Quantity that
// Go encodes even at zero, "0"); and the range those file modes must lie in.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { isPlainObject, plainObjects } from '../../machinery/object.ts';

type Json = Record<string, unknown>;

/** SecretVolumeSourceDefaultMode and its ConfigMap, DownwardAPI and Projected siblings: 0644. */
export const DEFAULT_FILE_MODE = 0o644;
const TOKEN_EXPIRATION_SECONDS = 3600;

/** Every source a Volume may name: one with none set is an emptyDir (SetDefaults_Volume). */
const VOLUME_SOURCES = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile',
  'configMap', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume',
  'scaleIO', 'storageos', 'csi', 'ephemeral', 'image',
];

/** SetDefaults_ObjectFieldSelector and the zero divisor of a ResourceFieldSelector. */
function defaultSelectors(holder: Json): void {
  if (isPlainObject(holder.fieldRef)) holder.fieldRef.apiVersion ||= 'v1';
  if (isPlainObject(holder.resourceFieldRef)) holder.resourceFieldRef.divisor ??= '0';
}

function defaultDownwardItems(source: Json): void {
  for (const item of plainObjects(source.items)) defaultSelectors(item);
}

export function defaultEnvSources(container: Json): void {
  for (const env of plainObjects(container.env)) if (isPlainObject(env.valueFrom)) defaultSelectors(env.valueFrom);
}

export function defaultVolumes(spec: Json): void {
  for (const volume of plainObjects(spec.volumes)) {
    if (!VOLUME_SOURCES.some((s) => volume[s] != null)) volume.emptyDir = {};
    for (const source of ['secret', 'configMap', 'downwardAPI', 'projected']) {
      if (isPlainObject(volume[source])) volume[source].defaultMode ??= DEFAULT_FILE_MODE;
    }
    if (isPlainObject(volume.downwardAPI)) defaultDownwardItems(volume.downwardAPI);
    if (isPlainObject(volume.hostPath)) volume.hostPath.type ??= '';
    if (isPlainObject(volume.projected)) {
      for (const projection of plainObjects(volume.projected.sources)) {
        if (isPlainObject(projection.downwardAPI)) defaultDownwardItems(projection.downwardAPI);
        if (isPlainObject(projection.serviceAccountToken)) projection.serviceAccountToken.expirationSeconds ??= TOKEN_EXPIRATION_SECONDS;
      }
    }
    const claim = isPlainObject(volume.ephemeral) ? volume.ephemeral.volumeClaimTemplate : undefined;
    if (isPlainObject(claim) && isPlainObject(claim.spec)) claim.spec.volumeMode ??= 'Filesystem';
  }
}

const FILE_MODE_ERROR = 'must be a number between 0 and 0777 (octal), both inclusive';
const FILE_SOURCES = ['secret', 'configMap', 'downwardAPI'];

function modeErrors(holder: Json, key: 'defaultMode' | 'mode', path: string): FieldError[] {
  const mode = holder[key];
  return typeof mode === 'number' && (mode < 0 || mode > 0o777) ? [fieldErrors.invalid(`${path}.${key}`, mode, FILE_MODE_ERROR)] : [];
}

/** Each item's mode: a Secret's or ConfigMap's item by its index; a downward API file by none (validateDownwardAPIVolumeFile gets the source's path). */
function itemModeErrors(source: Json, path: string, indexed: boolean): FieldError[] {
  return plainObjects(source.items).flatMap((item, i) => modeErrors(item, 'mode', indexed ? `${path}.items[${i}]` : path));
}

/** validateVolumes' file modes: a volume's defaultMode and each item's mode, projected sources' too. */
export function validateFileModes(volume: Json, path: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const name of [...FILE_SOURCES, 'projected']) {
    const source = volume[name];
    if (!isPlainObject(source)) continue;
    errors.push(...modeErrors(source, 'defaultMode', `${path}.${name}`), ...itemModeErrors(source, `${path}.${name}`, name !== 'downwardAPI'));
  }
  const projected = isPlainObject(volume.projected) ? volume.projected : undefined;
  plainObjects(projected?.sources).forEach((projection, i) => {
    for (const name of FILE_SOURCES) {
      if (isPlainObject(projection[name])) errors.push(...itemModeErrors(projection[name], `${path}.projected.sources[${i}].${name}`, name !== 'downwardAPI'));
    }
  });
  return errors;
}
