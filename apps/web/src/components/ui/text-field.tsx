import { useId, type ComponentProps, type ReactNode } from 'react';
import styles from './text-field.module.css';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  /** Help shown under the label, linked with `aria-describedby`. */
  description?: ReactNode;
  /** The error, announced when it appears; marks the input `aria-invalid`. */
  error?: string | undefined;
  id?: string;
};

export function TextField({
  label,
  description,
  error,
  id,
  className,
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds =
    [describedBy, descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div
      className={[styles.field, className].filter(Boolean).join(' ')}
      data-invalid={!!error || undefined}
    >
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      ) : null}
      <input
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          <span aria-hidden="true" className={styles.errorMark} />
          {error}
        </p>
      ) : null}
    </div>
  );
}
