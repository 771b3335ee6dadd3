/**
 * The uploads module's entry (decision 016): what other modules and the composition root use.
 * Modules that keep upload ids register them with `UploadService.registerReference` (decision 054).
 */
export { UploadService, uploadCleanupJob, unusedUploadRetentionMs, cleanFileName, uploadsPerHourMax, type UploadRow } from './service.ts';
export { UploadReferences, type UploadReference, type RegisteredUploadReference } from './references.ts';
export { tooLarge } from './inspect.ts';
export { FileUploadStore, type UploadStore } from './store.ts';
export { S3UploadStore } from './s3-store.ts';
