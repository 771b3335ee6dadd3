/**
 * The uploads module's entry (docs/decisions/016-uploads-and-bank-deposits.md): what other modules and the composition root use.
 * Modules that keep upload ids register them with `UploadService.registerReference` (docs/decisions/054-upload-references-and-domain-events.md).
 */
import { serverModule } from '../../../plugins/server-module.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { uploadCleanupJob } from './service.ts';
import { uploadRoutes, type UploadRoutesDeps } from './routes.ts';

export { UploadService, uploadCleanupJob, unusedUploadRetentionMs, storedFileName, uploadsPerHourMax, type UploadRow } from './service.ts';
export { UploadReferences, type UploadReference, type RegisteredUploadReference } from './references.ts';
export { tooLarge } from './inspect.ts';
export { FileUploadStore, type UploadStore } from './store.ts';
export { S3UploadStore } from './s3-store.ts';

/** The services the uploads module uses: its routes' and the runner its cleanup job joins. */
export interface UploadsModuleDeps extends UploadRoutesDeps {
  jobs: JobRunner;
}

/** The module's plugin: its routes and the job that removes unused uploads. */
export const uploadsModule = serverModule<UploadsModuleDeps>({
  name: 'platform/uploads',
  register: async (app, deps) => {
    uploadRoutes(app, deps);
    await deps.jobs.register(uploadCleanupJob(deps.uploads));
  },
});
