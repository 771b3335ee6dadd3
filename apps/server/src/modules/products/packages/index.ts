/**
 * The packages module's entry (docs/decisions/020-packages.md): what the flash sales, the plan payouts,
 * the community series and the composition root use of the catalogue, the holdings and releases.
 */
import { serverModule } from '../../../plugins/server-module.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import type { PackageReleaseService } from './release.ts';
import { packageRoutes, type PackageRoutesDeps } from './routes.ts';
import { packageJobRoutes, type PackageJobRoutesDeps } from './jobs-routes.ts';

export { releaseDays } from './release-series.ts';
export { endHolding, addEvent, addToPrincipal, insertHolding, move, pickText } from './holdings.ts';
export { PackageReleaseService } from './release.ts';
export { productById } from './catalogue.ts';
export { newActivationCode, type PackageService } from './service.ts';

/** The services the packages module uses: its two route files' and the release and draw jobs'. */
export interface PackagesModuleDeps extends PackageRoutesDeps, PackageJobRoutesDeps {
  packageRelease: PackageReleaseService;
  jobs: JobRunner;
}

/** The module's plugin: packages, claims and jackpot routes; the reward release and the jackpot draws (docs/decisions/020-packages.md). */
export const packagesModule = serverModule<PackagesModuleDeps>({
  name: 'products/packages',
  register: async (app, deps) => {
    packageJobRoutes(app, deps);
    packageRoutes(app, deps);
    await deps.jobs.register(deps.packageRelease.job());
    await deps.jobs.register(deps.jackpot.job());
  },
});
