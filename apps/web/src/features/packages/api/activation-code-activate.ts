import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type ActivateInput = Omit<RequestOf<'activationCodeActivate'>, 'requestId'>;

/** Turns a code into a holding of the named member; once per code. */
export const activationCodeActivate = (body: ActivateInput, requestId: string) => apiCall('activationCodeActivate', { ...body, requestId }, { requestId });
