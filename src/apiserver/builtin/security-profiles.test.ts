import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateSecurityProfiles } from './security-profiles.ts';

const render = (spec: Record<string, unknown>) => validateSecurityProfiles(spec, 'spec').map((e) => `${e.field}: ${e.message}`);

test('AppArmor profiles: Localhost needs an unpadded profile, the others none, and the type is one of three', () => {
  assert.deepEqual(
    render({
      securityContext: { appArmorProfile: { type: 'Localhost' } },
      containers: [
        { name: 'a', securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: ' deny ' } } },
        { name: 'b', securityContext: { appArmorProfile: { type: 'Unconfined', localhostProfile: 'x' } } },
        { name: 'c', securityContext: { appArmorProfile: { type: 'Strict' } } },
        { name: 'd', securityContext: { appArmorProfile: {} } },
        { name: 'e', securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } },
      ],
    }),
    [
      'spec.securityContext.appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost',
      'spec.containers[0].securityContext.appArmorProfile.localhostProfile: Invalid value: " deny ": must not be padded with whitespace',
      'spec.containers[1].securityContext.appArmorProfile.localhostProfile: Invalid value: "x": can only be set when AppArmor type is Localhost',
      'spec.containers[2].securityContext.appArmorProfile.type: Unsupported value: "Strict": supported values: "Localhost", "RuntimeDefault", "Unconfined"',
      'spec.containers[3].securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set',
    ],
  );
});

test('seccomp profiles: a type is required, a Localhost profile is a relative path without "..", and no other type names a profile', () => {
  assert.deepEqual(
    render({
      securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: '/etc/profile.json' } },
      initContainers: [{ name: 'i', securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'a/../../b.json' } } }],
      containers: [
        { name: 'a', securityContext: { seccompProfile: {} } },
        { name: 'b', securityContext: { seccompProfile: { type: 'Localhost' } } },
        { name: 'c', securityContext: { seccompProfile: { type: 'RuntimeDefault' } } },
        { name: 'd', securityContext: { seccompProfile: { type: 'RuntimeDefault', localhostProfile: 'foo.json' } } },
      ],
    }),
    [
      'spec.securityContext.seccompProfile.localhostProfile: Invalid value: "/etc/profile.json": must be a relative path',
      `spec.initContainers[0].securityContext.seccompProfile.localhostProfile: Invalid value: "a/../../b.json": must not contain '..'`,
      'spec.containers[0].securityContext.seccompProfile.type: Required value: type is required when seccompProfile is set',
      'spec.containers[1].securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost',
      'spec.containers[3].securityContext.seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{Type:"RuntimeDefault", LocalhostProfile:(*string)(0xc0218eae17)}: can only be set when seccomp type is Localhost',
    ],
  );
});
