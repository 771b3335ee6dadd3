/**
 * The browser kit: what the portal (apps/web) and the back office (apps/admin) share. App-specific
 * parts (login type, token key, translations, what an expired session does, icon shapes) are
 * passed in; nothing here knows which app it runs in.
 */
export { ApiError, errorText } from './api-error';
export type { ApiErrorKind } from './api-error';
export { createApiClient, requestTimeoutMs } from './api-client';
export type { ApiClient, ApiClientOptions, BodyOf, CallOptions, ClientTranslations, FirstAnswer } from './api-client';
export { isServerKey, pageServerKey, sealedHeaders, sealedPost } from './sealed-post';
export type { SealedAnswer, SealedPostOptions, ServerKey } from './sealed-post';
export { classifyAnswer, messageOf, paramsOf } from './api-errors';
export type { Answer, KnowsKey, Message, Outcome, WireBody } from './api-errors';
export { CopyButton } from './copy-button';
export { Dialog } from './dialog';
export { DisclosureMenu } from './disclosure-menu';
export { CheckboxField, describedBy, FieldOptionsContext, SelectField, SwitchField, TextAreaField, TextField } from './field';
export type { FieldOptions } from './field';
export { useForm } from './form';
export type { BoundField, FieldErrors, Form, FormValues } from './form';
export { useFormSubmit } from './form-submit';
export type { SubmitPlan } from './form-submit';
export { runSubmission, showRefusal, useSubmit } from './submit';
export type { FieldOf, SubmitGate, SubmitOptions } from './submit';
export { issuesByField } from './form-issues';
export type { Issue, SafeParser } from './form-issues';
export { baseShapes, createIcon, Icon } from './icon';
export type { BaseIconName, IconProps } from './icon';
export { LanguageMenu, LanguageOptions } from './language-menu';
export { lazyPage, LoadError, loadTimeoutMs, withLoadTimeout } from './lazy-page';
export { createRequestIdTracker, sendWithKey, useRequestId } from './request-id';
export type { RequestIdTracker } from './request-id';
export { createSessionStore, readDevicePreference, writeDevicePreference } from './storage';
export { useSupportSocket } from './support-socket';
export type { SessionStore } from './storage';
export { closeAllToasts, closeToast, getToasts, showToast, subscribeToasts, toastDurationMs } from './toast';
export type { Toast, ToastKind } from './toast';
export { ToastRegion } from './toast-region';
