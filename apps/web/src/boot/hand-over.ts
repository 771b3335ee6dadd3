/**
 * The hand-over from a page painted from HTML (boot/prerender.tsx, decision 039 after 028: the
 * login page, or a member home's frame) to the app. The copy lives in #first-paint, beside #root.
 * The app's login page takes what was typed into the copy (and a submission the copy held back,
 * index.html) in a layout effect; the app's first page then removes the copy in its own layout
 * effect, so the browser paints the app's page in the frame where the copy goes, and nothing typed
 * is lost. React renders into #root with createRoot, not hydrateRoot: see boot/README.md.
 */
const containerId = 'first-paint';

function container(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(containerId);
}

export interface FirstPaintForm {
  /** Each field's value by its autocomplete name ("username", "current-password"). */
  values: Record<string, string>;
  /** The visitor pressed the copy's submit button (or Enter in a field). */
  isSubmitted: boolean;
}

/** What the visitor did in the painted copy's form, or null when there is no copy. */
export function firstPaintForm(): FirstPaintForm | null {
  const copy = container();
  const form = copy?.querySelector('form');
  if (!copy || !form) return null;
  const values: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[autocomplete]')) values[input.getAttribute('autocomplete')!] = input.value;
  return { values, isSubmitted: copy.hasAttribute('data-submitted') };
}

/**
 * Removes the painted copy, once. A field that had the focus there gives it to the app's field
 * with the same autocomplete name, caret included.
 */
export function endFirstPaint(): void {
  const copy = container();
  if (!copy) return;
  const focused = document.activeElement instanceof HTMLInputElement && copy.contains(document.activeElement) ? document.activeElement : null;
  copy.remove();
  if (!focused) return;
  const name = focused.getAttribute('autocomplete');
  const target = name ? document.querySelector<HTMLInputElement>(`#root input[autocomplete="${name}"]`) : null;
  if (!target) return;
  const caret = focused.selectionStart ?? target.value.length;
  target.focus();
  try {
    target.setSelectionRange(caret, caret);
  } catch {
    // Inputs such as type=email have no selection API; the focus is what matters.
  }
}
