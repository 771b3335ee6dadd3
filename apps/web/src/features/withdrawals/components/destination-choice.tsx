import type { ReactNode } from 'react';
import { useId } from 'react';
import { UsableFromNote } from '../../../components/ui/usable-from-note';

export interface DestinationOption {
  id: string;
  /** The first line: the chain, or the bank and holder. */
  title: ReactNode;
  /** The address or the grouped account number. */
  detail: string;
  usableFrom: number;
  isUsable: boolean;
}

interface DestinationChoiceProps {
  legend: string;
  options: readonly DestinationOption[];
  value: string;
  onValueChange: (id: string) => void;
  error?: string;
  /** Shown when there are no options (how to add one). */
  empty: ReactNode;
  /** Below the choices: add or manage. */
  action?: ReactNode;
  /** Under the legend: why a new one waits (the cooling-off). */
  hint?: ReactNode;
}

/**
 * One of the member's saved destinations as radio buttons (arrow keys move between them); one
 * still in its cooling-off is shown, disabled, with the time it becomes usable.
 */
export function DestinationChoice({ legend, options, value, onValueChange, error, empty, action, hint }: DestinationChoiceProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={error ? 'field destination-choice field-invalid' : 'field destination-choice'} aria-describedby={error ? errorId : undefined}>
      <legend className="field-label destination-legend">{legend}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      {options.length === 0 ? (
        <div className="field-hint">{empty}</div>
      ) : (
        <div className="destination-options">
          {options.map((o) => (
            <label
              key={o.id}
              className={['destination-option', value === o.id ? 'destination-option-active' : '', o.isUsable ? '' : 'destination-option-disabled']
                .filter(Boolean)
                .join(' ')}
              data-testid="destination-option"
            >
              <input
                type="radio"
                name={name}
                value={o.id}
                checked={value === o.id}
                disabled={!o.isUsable}
                onChange={() => onValueChange(o.id)}
                aria-invalid={error ? true : undefined}
              />
              <span className="destination-option-body">
                <span className="destination-option-title">
                  <span className="break">{o.title}</span>
                  <UsableFromNote usableFrom={o.usableFrom} isUsable={o.isUsable} />
                </span>
                <span className="mono break destination-option-detail" data-user-content>
                  {o.detail}
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {action ? <div className="destination-choice-action">{action}</div> : null}
    </fieldset>
  );
}
