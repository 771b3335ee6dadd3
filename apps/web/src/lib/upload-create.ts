import type { RequestOf } from '@pp/contract';
import { apiCall } from './api-client';

/** Standard base64 of a file's bytes, in slices so a large file never builds one huge argument list. */
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const sliceBytes = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += sliceBytes) binary += String.fromCharCode(...bytes.subarray(i, i + sliceBytes));
  return btoa(binary);
}

/**
 * Sends one file (already shrunk if it is a photo) through the envelope; the server checks it by
 * content and answers what it stored. `onProgress` follows the upload from 0 to 1.
 */
export const createUpload = (body: RequestOf<'uploadCreate'>, onProgress?: (fraction: number) => void) =>
  apiCall('uploadCreate', body, { onUploadProgress: onProgress });
