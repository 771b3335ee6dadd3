/**
 * A tiny toast store (no React here): the API client and pages push messages, the ToastRegion
 * component renders them. Texts are already translated when they arrive.
 */
export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Spec section 9: messages stay 3 seconds. */
export const toastDurationMs = 3000;
/** A limit on everything: older toasts give way when more pile up. */
const toastsMax = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(kind: ToastKind, text: string, durationMs = toastDurationMs): number {
  // The same words already on screen are not said twice (several calls failing together): the
  // toast shown stays for the full time again instead.
  const same = toasts.find((t) => t.kind === kind && t.text === text);
  if (same) {
    clearTimer(same.id);
    timers.set(
      same.id,
      setTimeout(() => closeToast(same.id), durationMs),
    );
    return same.id;
  }
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

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
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
