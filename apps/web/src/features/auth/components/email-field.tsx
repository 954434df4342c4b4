import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/text-field';

/** A field for an email address: the keyboard for addresses, no capital, no spelling check. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return (
    <TextField type="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}
