// cozystack-api's own validating admission for application kinds: the per-kind hooks registered
// in validation-hooks.ts (422 with their field causes) and a warning for legacy preset names.

import { invalid } from '../../../machinery/errors.ts';
import { applyDefaults, type StructuralSchema } from '../../../machinery/schema/structural.ts';
import type { KubeObject } from '../../../machinery/object.ts';
import type { AdmissionPlugin } from '../../../apiserver/admission/admission.ts';
import type { KubeClient } from '../../../controller/client.ts';
import type { AppValidatorRegistry } from '../validation-hooks.ts';
import { APPS_GROUP, type AppDefinition } from './definition.ts';

/** The pre-1.4 flat preset names and the instance-type names they equal (facts §5.2). */
export const LEGACY_PRESETS: Readonly<Record<string, string>> = {
  nano: 't1.nano',
  micro: 't1.micro',
  small: 't1.small',
  medium: 'c1.small',
  large: 'c1.medium',
  xlarge: 'c1.large',
  '2xlarge': 'c1.xlarge',
};

/** One warning per `resourcesPreset` (at any depth) that holds a legacy name. */
export function legacyPresetWarnings(spec: unknown, path = 'spec'): string[] {
  const out: string[] = [];
  if (Array.isArray(spec)) spec.forEach((v, i) => out.push(...legacyPresetWarnings(v, `${path}[${i}]`)));
  else if (spec && typeof spec === 'object') {
    for (const [k, v] of Object.entries(spec)) {
      const at = `${path}.${k}`;
      if (k === 'resourcesPreset' && typeof v === 'string' && LEGACY_PRESETS[v]) {
        out.push(`${at}: preset "${v}" is a legacy name, deprecated since Cozystack v1.4; use "${LEGACY_PRESETS[v]}" (the same resources)`);
      } else out.push(...legacyPresetWarnings(v, at));
    }
  }
  return out;
}

export function appAdmission(definitionFor: (plural: string) => AppDefinition | undefined, validators: AppValidatorRegistry, client: KubeClient): AdmissionPlugin {
  return {
    name: 'CozystackApplication',
    async validate(req) {
      if (req.resource.group !== APPS_GROUP || req.subresource !== '' || !req.object) return;
      if (req.operation !== 'CREATE' && req.operation !== 'UPDATE') return;
      const def = definitionFor(req.resource.plural);
      if (!def) return;
      const sent = req.object as KubeObject;
      const app: KubeObject = { ...sent, spec: applyDefaults(sent.spec ?? {}, def.schema as StructuralSchema) as Record<string, unknown> };
      req.warnings.push(...legacyPresetWarnings(sent.spec));
      const result = await validators.run(app, {
        operation: req.operation,
        namespace: req.namespace,
        oldApp: req.oldObject,
        app: { kind: def.kind, plural: def.plural, prefix: def.prefix, definition: def.name },
        client,
        dryRun: req.dryRun,
      });
      req.warnings.push(...result.warnings);
      if (result.causes.length) throw invalid({ group: APPS_GROUP, kind: def.kind }, app.metadata.name ?? '', result.causes);
    },
  };
}
