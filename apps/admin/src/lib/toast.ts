/**
 * A tiny toast store (no React here): the API client and pages push messages, the ToastRegion
 * component renders them. Texts arrive already translated.
 */
export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Spec section 9: messages stay 3 seconds. */
export const toastDurationMs = 3000;
/** Older toasts give way when more pile up. */
const toastsMax = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

export function showToast(kind: ToastKind, text: string, durationMs = toastDurationMs): number {
  const id = nextId++;
  const kept = toasts.slice(-(toastsMax - 1));
  for (const dropped of toasts.slice(0, toasts.length - kept.length)) clearTimer(dropped.id);
  publish([...kept, { id, kind, text }]);
  timers.set(
    id,
    setTimeout(() => closeToast(id), durationMs),
  );
  return id;
}

export function closeToast(id: number): void {
  clearTimer(id);
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

export function closeAllToasts(): void {
  for (const id of timers.keys()) clearTimer(id);
  if (toasts.length > 0) publish([]);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;
