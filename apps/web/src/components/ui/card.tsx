import { useId, type ReactNode } from 'react';

interface CardProps {
  title?: ReactNode;
  /** Extra content beside the title (a button, a link). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A white panel; with a title it is a labelled region of the page. */
export function Card({ title, action, children, className }: CardProps) {
  const id = useId();
  return (
    <section className={['card', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={title ? id : undefined}>
      {title ? (
        <div className="card-head">
          <h2 className="card-title" id={id}>
            {title}
          </h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
