import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DisclosureMenuProps {
  /** The button's content; give it visible text or pass `label`. */
  trigger: ReactNode;
  /** Accessible name of the button when the trigger is an icon. */
  label?: string;
  triggerClassName?: string;
  /** Which edge of the button the panel lines up with (class menu-start / menu-end). */
  align?: 'start' | 'end';
  /** Receives a function that closes the menu (call it after an item acts). */
  children: (close: () => void) => ReactNode;
}

/**
 * A button that shows a panel of links and buttons (the disclosure pattern: Tab moves through the items,
 * Escape or a click outside closes and gives focus back to the button).
 */
export function DisclosureMenu({ trigger, label, triggerClassName, align = 'end', children }: DisclosureMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const isOutside = (target: EventTarget | null) => !rootRef.current?.contains(target as Node);
    const onPointer = (event: PointerEvent) => {
      if (isOutside(event.target)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onFocus = (event: FocusEvent) => {
      if (isOutside(event.target)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [isOpen]);

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName ?? 'btn btn-ghost'}
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setIsOpen((v) => !v)}
      >
        {trigger}
      </button>
      <div id={panelId} className={`menu-panel menu-${align}`} hidden={!isOpen}>
        {isOpen ? children(() => setIsOpen(false)) : null}
      </div>
    </div>
  );
}
