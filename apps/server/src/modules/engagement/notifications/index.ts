/**
 * The notifications module's entry (decision 023): `notify` / `notifyMany` are what another module
 * calls inside the transaction that did what the member is told of (decision 054: a call down to
 * a module that imports none of its callers needs no event); the service answers the member.
 */
export { notify, notifyMany, setNotificationErrorReporter, type Notice } from './notify.ts';
export { NotificationService } from './service.ts';
