/** The review queues' entry (issue 32): what the modules with items to approve use. */
export { type ReviewRow, type ReviewService, reviewQueues } from './service.ts';
