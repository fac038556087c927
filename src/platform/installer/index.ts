// The installer side of the platform: the Package admission plug-in, fast simulation profiles for
// the platform's images, and the cozystack-operator running as its Deployment's program. The
// install stages themselves (`runInstallStages`) are driven by `cozylab up`.

import type { ApiServer } from '../../apiserver/api-server.ts';
import type { ImageProfiles } from '../../cluster/nodes/image-profiles.ts';
import type { Clock, InformerFactory, KubeClient } from '../../controller/index.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { installFlux } from '../flux/install.ts';
import { runOperatorProgram, type OperatorProgram } from './operator/program.ts';
import { packageAdmission } from './package-admission.ts';

export { runInstallStages, type InstallOptions } from './install.ts';
export { loadPlatformPackage, defaultPlatformPackage, PlatformPackageError } from './platform-package.ts';

export interface InstallerDeps {
  server: ApiServer;
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts: ChartRegistry;
  profiles?: ImageProfiles;
  log?: (line: string) => void;
}

export interface Installer {
  operator: OperatorProgram;
  /** Where the Cozystack stage registers the platform images' fast profiles. */
  profiles?: ImageProfiles;
  stop(): Promise<void>;
}

export function startInstaller(deps: InstallerDeps): Installer {
  deps.server.admission.register(packageAdmission());
  const operator = runOperatorProgram({ client: deps.client, factory: deps.factory, clock: deps.clock, charts: deps.charts, installFlux: (c) => installFlux(c, { clock: deps.clock }) }, deps.log);
  return { operator, profiles: deps.profiles, stop: () => operator.stop() };
}
